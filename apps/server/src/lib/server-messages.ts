/**
 * Messages the server makes for people (notifications, alert lines, e-mails) as a key and parameters
 * (`MessageText`): the web says them in the reader's language (its locales' `serverMessages.<key>`), and
 * `englishText` gives the English for the API's `message` and e-mails. The English here and in the web's en
 * locale say the same (a test compares them).
 */
import { formatDateTime, type TMessageParams } from '@strata/shared';

/** A server-made message: a key of `serverMessages` and its parameters (times ISO 8601, in keys ending `_at`). */
export interface MessageText {
  key: string;
  params: TMessageParams;
}

/** The English of every key the server makes (the web's en locale, `serverMessages`, says the same). */
export const SERVER_MESSAGES_EN: Readonly<Record<string, string>> = {
  'alert.breached': '{{what}} {{value}} passed {{level}}',
  'alert.spike': '{{what}} spike: {{value}}',
  'alert.spikeAverage': '{{what}} spike: {{value}} against an average of {{average}}',
  'alert.stagnant': '{{what}} stagnant: the latest readings do not change ({{value}})',
  'alert.fluctuated': '{{what}} fluctuated: {{reversals}} reversals ({{value}})',
  'alert.missing': '{{instrument}}: missing readings',
  'alert.missingSince': '{{instrument}}: missing readings since {{since_at}}',
  'alert.rebaselineBaseline': '{{instrument}}: rebaseline (baseline changed)',
  'alert.rebaselineThresholds': '{{instrument}}: rebaseline (thresholds changed)',
  'alert.rebaselineBoth': '{{instrument}}: rebaseline (baseline and thresholds changed)',
  'alert.group': '{{group}}: {{count}} instruments at {{level}} or above',
  'alert.scenario': '{{scenario}}: {{count}} instruments at {{level}} or above',
  'alert.escalated': 'Escalated: {{message}}',
  'alert.summary': '{{count}} new alerts: {{parts}}',
  'upload.loaded': 'Upload {{file}}: {{rows}} readings loaded',
  'upload.boreholesLoaded': 'Upload {{file}}: {{boreholes}} boreholes loaded',
  'upload.constructionLoaded': 'Upload {{file}}: {{rows}} rows of construction progress loaded',
  'upload.designValuesLoaded': 'Upload {{file}}: {{rows}} QP(D) design values loaded',
  'upload.instrumentPlanLoaded': 'Upload {{file}}: {{rows}} planned instruments loaded',
  'upload.failed': 'Upload {{file}} failed: {{reason}}',
  'comment.commented': '{{sender}} commented on {{title}}: {{excerpt}}',
  'comment.replied': '{{sender}} replied on {{title}}: {{excerpt}}',
  'report.ready': 'Report ready: {{report}} ({{file}})',
  'report.failed': '{{report}}: Failed to generate report, please contact your system administrator',
  'report.tooLarge': '{{report}}: Unable to download report. Report size exceeded the limit',
  'monitoringReport.prepared': 'Full monitoring report {{report}} is prepared: review it and submit it for checking',
  'monitoringReport.failed': 'Full monitoring report {{report}}: Failed to generate report, please contact your system administrator',
  'monitoringReport.submitted': 'Full monitoring report {{report}} was submitted for checking by {{user}}',
  'monitoringReport.checked': 'Full monitoring report {{report}} was checked by {{user}} and waits for approval',
  'monitoringReport.published': 'Full monitoring report {{report}} was approved by {{user}} and published',
  'monitoringReport.returned': 'Full monitoring report {{report}} was returned by {{user}}: {{comment}}',
};

/** What a missing parameter reads as (the web's `serverMessages.fallback`). */
const FALLBACK: Record<string, string> = {
  what: 'Instrument',
  instrument: 'Instrument',
  level: 'a level',
  group: 'Monitoring group',
  scenario: 'Scenario',
  count: 'several',
  reversals: 'several',
};

/**
 * The English text of a message. Times show in `timeZone` as DD/MM/YYYY HH:mm:ss; without a zone (the API's
 * `message`, read by programs) as ISO 8601 in UTC.
 */
export function englishText(text: MessageText, timeZone?: string): string {
  const template = SERVER_MESSAGES_EN[text.key] ?? text.key;
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = text.params[name];
    if (v === null || v === undefined || v === '') return FALLBACK[name] ?? '';
    if (name.endsWith('_at') && typeof v === 'string') return timeZone ? formatDateTime(v, timeZone) : v;
    return String(v);
  });
}
