import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertMessageText } from '../modules/alerts/alert-message.js';
import { summaryText, type AlertNews } from '../modules/alerts/alert-notifier.js';
import { englishText, SERVER_MESSAGES_EN } from './server-messages.js';

const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../web/src/locales/${lang}.json`, import.meta.url), 'utf8')) as { serverMessages: Record<string, unknown> };
const flatten = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)),
    ),
  );

describe('server-made messages', () => {
  it('say in English what the web says in English, and every key has its Chinese', () => {
    const en = flatten(locale('en').serverMessages);
    const zh = flatten(locale('zh').serverMessages);
    for (const [key, text] of Object.entries(SERVER_MESSAGES_EN)) {
      expect(en[key], key).toBe(text);
      expect(zh[key], key).toBeTruthy();
      // The same parameters in both languages.
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(zh[key]!), key).toEqual(names(text));
    }
  });

  it('write an alert line with its facts, names missing ones, and times in the zone asked for', () => {
    const facts = {
      levelCode: 'WSL',
      instrumentName: 'SM-1023',
      readingCode: 'DSPA',
      depth: null,
      unit: 'mm',
      latestValue: -31.2,
      groupName: null,
      scenarioName: null,
      detail: null,
    };
    const breached = alertMessageText({ ...facts, kind: 'breached', readingAt: null });
    expect(breached).toEqual({ key: 'alert.breached', params: { what: 'SM-1023 DSPA', value: '-31.2 mm', level: 'WSL' } });
    expect(englishText(breached)).toBe('SM-1023 DSPA -31.2 mm passed WSL');

    const missing = alertMessageText({ ...facts, kind: 'missing', instrumentName: null, readingAt: '2026-11-27T07:00:00.000Z' });
    expect(missing).toEqual({ key: 'alert.missingSince', params: { instrument: null, since_at: '2026-11-27T07:00:00.000Z' } });
    expect(englishText(missing, 'Asia/Singapore')).toBe('Instrument: missing readings since 27/11/2026 15:00:00');
    expect(englishText(missing)).toBe('Instrument: missing readings since 2026-11-27T07:00:00.000Z');

    const rebaseline = alertMessageText({ ...facts, kind: 'rebaseline', readingAt: null, detail: { baseline: false, thresholds: true } });
    expect(englishText(rebaseline)).toBe('SM-1023: rebaseline (thresholds changed)');
  });

  it('sum up many new alerts with a count per level or kind, each also a parameter the web can name', () => {
    const news = (kind: string, levelCode: string | null): AlertNews => ({
      alertId: 1,
      contractId: 1,
      kind,
      levelCode,
      severity: 1,
      instrumentId: 1,
      groupId: null,
      scenarioId: null,
      ownerId: null,
      message: { key: 'alert.spike', params: {} },
      escalated: false,
    });
    const summary = summaryText([news('breached', 'AL'), news('spike', null), news('breached', 'AL')]);
    expect(summary).toEqual({ key: 'alert.summary', params: { count: 3, parts: '2 AL, 1 spike', 'n.AL': 2, 'n.spike': 1 } });
    expect(englishText(summary)).toBe('3 new alerts: 2 AL, 1 spike');
  });
});
