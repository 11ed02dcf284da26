/** The one line that says what an alert is about (lists, notifications, e-mails). */

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

export function alertMessage(f: MessageFacts): string {
  const what = [f.instrumentName ?? 'Instrument', f.readingCode ?? '', f.depth !== null ? `@ ${fmt(f.depth)} m` : ''].filter(Boolean).join(' ');
  const value = f.latestValue === null ? '' : `${fmt(f.latestValue)}${f.unit ? ` ${f.unit}` : ''}`;
  const d = f.detail ?? {};
  switch (f.kind) {
    case 'breached':
      return `${what} ${value} passed ${f.levelCode ?? 'a level'}`;
    case 'spike': {
      const avg = num(d.average);
      return `${what} spike: ${value}${avg === undefined ? '' : ` against an average of ${fmt(avg)}`}`;
    }
    case 'stagnant':
      return `${what} stagnant: the latest readings do not change (${value})`;
    case 'fluctuated':
      return `${what} fluctuated: ${num(d.reversals) ?? 'several'} reversals (${value})`;
    case 'missing': {
      const at = f.readingAt === null ? null : new Date(f.readingAt);
      return `${f.instrumentName ?? 'Instrument'}: missing readings${at ? ` since ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}`;
    }
    case 'rebaseline':
      return `${f.instrumentName ?? 'Instrument'}: rebaseline (${[d.baseline ? 'baseline' : '', d.thresholds ? 'thresholds' : ''].filter(Boolean).join(' and ') || 'baseline'} changed)`;
    case 'group':
      return `${f.groupName ?? 'Monitoring group'}: ${value || 'several'} instruments at ${f.levelCode ?? 'a level'} or above`;
    default:
      return `${f.scenarioName ?? 'Scenario'}: ${value || 'several'} instruments at ${f.levelCode ?? 'a level'} or above`;
  }
}
