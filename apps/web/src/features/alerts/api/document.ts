import { downloadFile } from '../../../lib/download';

/** `GET /alerts/{id}/document`: the alert as a PDF (its facts, thresholds and history), saved under the server's name. */
export function downloadAlertDocument(alertId: number): Promise<string> {
  return downloadFile(`/alerts/${alertId}/document`, { fileName: `alert-${alertId}.pdf` });
}
