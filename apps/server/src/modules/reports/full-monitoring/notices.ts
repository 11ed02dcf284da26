import type { TNotificationPayload } from '@strata/shared';
import { englishText, type MessageText } from '../../../lib/server-messages.js';

/** The web pages a full monitoring report's notifications open. */
export const MONITORING_LINKS = {
  list: '/reporting/full-monitoring/list',
  approval: '/reporting/full-monitoring/approval',
  published: '/reporting/full-monitoring/published',
} as const;

/** How a report is named in messages: its number and revision. */
export const reportLabel = (r: { reportNo: string; revision: number }) => `${r.reportNo} Rev ${r.revision}`;

/** A notification of the workflow (`monitoringReport.<key>` of the server messages). */
export function monitoringNotice(key: string, params: MessageText['params'], link: string, severity: 1 | 2 | 3 = 1): TNotificationPayload {
  const text: MessageText = { key: `monitoringReport.${key}`, params };
  return { type: 'fileCompleted', message: englishText(text), message_key: text.key, message_params: text.params, severity, link_uri: link };
}
