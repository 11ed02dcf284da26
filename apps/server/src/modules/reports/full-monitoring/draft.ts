/**
 * The engine's follow-up of a full monitoring report's run (ReportTypeDef.afterRun, decision 040): the draft PDF is
 * copied from the engine's report (kept 7 days) to the monitoring report's own key (kept), its SHA-256 stored as
 * `content_sha256`, and the report moves generating -> prepared; a failed or too large run moves it to failed. The
 * preparer is told either way.
 */
import { createHash } from 'node:crypto';
import { safeError } from '../../../platform/safe-error.js';
import { randomKey } from '../../../platform/storage.js';
import type { ReportRunHookContext, ReportRunResult } from '../report-types.js';
import { findByEngineReport, finishDraft } from './monitoring-reports.repository.js';
import { MONITORING_LINKS, monitoringNotice, reportLabel } from './notices.js';

export const sha256Bytes = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function afterFullMonitoringRun(run: ReportRunResult, hc: ReportRunHookContext): Promise<void> {
  const db = hc.app.db.orm;
  const found = await findByEngineReport(db, run.reportId);
  if (!found || found.r.status !== 'generating') return;
  const r = found.r;
  let prepared = false;
  if (run.outcome === 'completed' && run.storageKey) {
    const bytes = await hc.storage.read(run.storageKey);
    if (bytes) {
      const key = randomKey('monitoring-reports', 'pdf');
      await hc.storage.write(key, bytes);
      prepared = await finishDraft(db, r.id, { status: 'prepared', draftKey: key, contentSha256: sha256Bytes(bytes) });
      if (!prepared) {
        await hc.storage.remove(key);
        return;
      }
    }
  }
  if (!prepared && !(await finishDraft(db, r.id, { status: 'failed' }))) return;
  if (r.preparedBy === null) return;
  try {
    await hc.notifications.notify(
      [r.preparedBy],
      monitoringNotice(prepared ? 'prepared' : 'failed', { report: reportLabel(r) }, MONITORING_LINKS.list, prepared ? 1 : 3),
    );
  } catch (err) {
    hc.app.log.error({ err: safeError(err), monitoringReportId: r.id }, 'full monitoring: notification failed');
  }
}
