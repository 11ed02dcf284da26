import { afterEach, describe, expect, it } from 'vitest';
import { formatRelativeTime, formatDateTime, setDisplayTimeZone } from './display-time';
import { getConfig } from './config';
import { i18n, translateServerMessage } from './i18n';
import { configResponse } from '../test/fixtures';
import { api, server } from '../test/server';
import { http, HttpResponse } from 'msw';

const breached = {
  message: 'SM-1023 DSPA -31.2 mm passed WSL',
  message_key: 'alert.breached',
  message_params: { what: 'SM-1023 DSPA', value: '-31.2 mm', level: 'WSL' },
};

describe('server-made messages in the reader’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says an alert line in Chinese from its key and parameters, and in English as the server wrote it', async () => {
    expect(translateServerMessage(breached, 'Asia/Singapore')).toBe(breached.message);
    await i18n.changeLanguage('zh');
    expect(translateServerMessage(breached, 'Asia/Singapore')).toBe('SM-1023 DSPA -31.2 mm 超过 WSL');
  });

  it('shows a time parameter in the zone given, and names a missing parameter in the reader’s language', async () => {
    const missing = {
      message: 'Instrument: missing readings since 2026-11-27T07:00:00.000Z',
      message_key: 'alert.missingSince',
      message_params: { instrument: null, since_at: '2026-11-27T07:00:00.000Z' },
    };
    expect(translateServerMessage(missing, 'Europe/London')).toBe('Instrument: missing readings since 27/11/2026 07:00:00');
    await i18n.changeLanguage('zh');
    expect(translateServerMessage(missing, 'Asia/Singapore')).toBe('仪器：自 27/11/2026 15:00:00 起缺少读数');
  });

  it('says an escalation with the line it escalates, both in the reader’s language', async () => {
    const escalated = {
      message: `Escalated: ${breached.message}`,
      message_key: 'alert.escalated',
      message_params: { message: breached.message, inner_key: 'alert.breached', 'inner.what': 'SM-1023 DSPA', 'inner.value': '-31.2 mm', 'inner.level': 'WSL' },
    };
    expect(translateServerMessage(escalated, 'Asia/Singapore')).toBe(`Escalated: ${breached.message}`);
    await i18n.changeLanguage('zh');
    expect(translateServerMessage(escalated, 'Asia/Singapore')).toBe('已升级：SM-1023 DSPA -31.2 mm 超过 WSL');
  });

  it('names the kinds of a summary’s parts in the reader’s language, level codes as they are', async () => {
    const summary = {
      message: '5 new alerts: 3 AL, 2 spike',
      message_key: 'alert.summary',
      message_params: { count: 5, parts: '3 AL, 2 spike', 'n.AL': 3, 'n.spike': 2 },
    };
    expect(translateServerMessage(summary, 'Asia/Singapore')).toBe('5 new alerts: 3 AL, 2 Spike');
    await i18n.changeLanguage('zh');
    expect(translateServerMessage(summary, 'Asia/Singapore')).toBe(`5 条新警报：3 AL，2 ${i18n.t('alerts.kind.spike')}`);
    expect(i18n.t('alerts.kind.spike')).not.toBe('Spike');
  });

  it('shows the text as written when there is no key, or a key this build does not know', () => {
    expect(translateServerMessage({ message: 'Site maintenance tonight', message_key: null, message_params: null }, 'Asia/Singapore')).toBe(
      'Site maintenance tonight',
    );
    expect(translateServerMessage({ message: 'From a newer server', message_key: 'alert.somethingNew', message_params: {} }, 'Asia/Singapore')).toBe(
      'From a newer server',
    );
  });
});

describe('times on screen', () => {
  it('are in the configured zone once the configuration has loaded, whatever the default', async () => {
    server.use(http.get(api('/config'), () => HttpResponse.json({ ...configResponse(), timezone: 'Europe/London' })));
    expect(formatDateTime('2026-11-27T07:00:00.000Z')).toBe('27/11/2026 15:00:00'); // Asia/Singapore until then
    await getConfig();
    expect(formatDateTime('2026-11-27T07:00:00.000Z')).toBe('27/11/2026 07:00:00');
    setDisplayTimeZone('Asia/Singapore');
  });

  it('say how long ago in the reader’s language', async () => {
    const now = new Date('2026-11-27T07:00:00.000Z');
    expect(formatRelativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(now.getTime() - 20_000), now)).toBe('just now');
    await i18n.changeLanguage('zh');
    expect(formatRelativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5分钟前');
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3小时前');
    expect(formatRelativeTime(new Date(now.getTime() - 20_000), now)).toBe('刚刚');
    expect(formatRelativeTime(new Date(now.getTime() - 8 * 86_400_000), now)).toBe('19/11/2026 15:00:00');
  });
});
