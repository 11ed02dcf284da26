/**
 * The one line that says what an alert is about (lists, notifications, e-mails), as a key with parameters
 * (`MessageText`: the web says it in the reader's language, `serverMessages.<key>`) and as English text
 * (`englishText`: the API's `message`, e-mails). The English templates here and the web's en locale say the same.
 */
import { englishText, type MessageText } from '../../lib/server-messages.js';

export { englishText, type MessageText };

export interface MessageFacts {
  kind: string;
  levelCode: string | null;
  instrumentName: string | null;
  readingCode: string | null;
  depth: number | null;
  unit: string | null;
  latestValue: number | null;
  readingAt: Date | string | null;
  groupName: string | null;
  scenarioName: string | null;
  detail: Record<string, unknown> | null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const fmt = (v: number) => String(Math.round(v * 1000) / 1000);

/** The key and parameters of an alert's message. Names the reader's language cannot change travel as they are. */
export function alertMessageText(f: MessageFacts): MessageText {
  const what = [f.instrumentName, f.readingCode ?? '', f.depth !== null ? `@ ${fmt(f.depth)} m` : ''].filter(Boolean).join(' ') || null;
  const value = f.latestValue === null ? null : `${fmt(f.latestValue)}${f.unit ? ` ${f.unit}` : ''}`;
  const d = f.detail ?? {};
  const instrument = f.instrumentName;
  switch (f.kind) {
    case 'breached':
      return { key: 'alert.breached', params: { what, value, level: f.levelCode } };
    case 'spike': {
      const average = num(d.average);
      return average === undefined
        ? { key: 'alert.spike', params: { what, value } }
        : { key: 'alert.spikeAverage', params: { what, value, average: fmt(average) } };
    }
    case 'stagnant':
      return { key: 'alert.stagnant', params: { what, value } };
    case 'fluctuated':
      return { key: 'alert.fluctuated', params: { what, value, reversals: num(d.reversals) ?? null } };
    case 'missing': {
      const at = f.readingAt === null ? null : new Date(f.readingAt);
      return at ? { key: 'alert.missingSince', params: { instrument, since_at: at.toISOString() } } : { key: 'alert.missing', params: { instrument } };
    }
    case 'rebaseline': {
      const which = d.baseline && d.thresholds ? 'Both' : d.thresholds ? 'Thresholds' : 'Baseline';
      return { key: `alert.rebaseline${which}`, params: { instrument } };
    }
    case 'group':
      return { key: 'alert.group', params: { group: f.groupName, count: value, level: f.levelCode } };
    default:
      return { key: 'alert.scenario', params: { scenario: f.scenarioName, count: value, level: f.levelCode } };
  }
}

/** The English line of an alert (the API's `message`). */
export function alertMessage(f: MessageFacts): string {
  return englishText(alertMessageText(f));
}
