import { MONITORING_REPORT_MESSAGES } from '@strata/shared';
import type { AppContext } from '../../../context.js';
import { HttpError, notFound } from '../../../lib/errors.js';
import type { Storage } from '../../../platform/storage.js';
import { sha256Bytes } from './draft.js';

/**
 * A stored draft or published file, when its bytes still hash to the SHA-256 recorded for it (decision 040). Otherwise
 * nothing is sent: 500 with "The published report file has changed since it was published" (the error hook writes the
 * system log entry) and the mismatch in the log.
 */
export async function readVerified(ctx: AppContext, storage: Storage, id: number, key: string, expected: string): Promise<Buffer> {
  const data = await storage.read(key);
  if (!data) throw notFound('The report file is missing');
  const actual = sha256Bytes(data);
  if (actual !== expected) {
    ctx.log.error({ monitoringReportId: id, key, expected, actual }, 'full monitoring: a stored report file has changed');
    throw new HttpError(500, MONITORING_REPORT_MESSAGES.changed);
  }
  return data;
}
