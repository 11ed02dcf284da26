import { ZReportProtectionBody, type TReportProtectionBody } from '@strata/shared';
import type { AppContext } from '../../../context.js';
import { openSecret } from '../../../lib/secret-box.js';
import { readAllSettings } from '../../settings/settings.repository.js';

/** The settings row that holds the report protection settings (JSON; passwords sealed with the instance's key). */
export const REPORT_PROTECTION_KEY = 'report_protection';

/**
 * Report and document protection settings (issue 21, decision 041): watermark, PDF passwords and permissions per
 * report type, XLSX sheet protection, and the mailing limits of scheduled reports. Read by the engine (renderers,
 * downloads), the attachments' downloads and the scheduler.
 */
export class ReportProtectionService {
  constructor(private readonly ctx: AppContext) {}

  /** The settings in force, passwords opened (server-side use only: never send them to a client). */
  async current(): Promise<TReportProtectionBody> {
    const stored = (await readAllSettings(this.ctx.db.orm))[REPORT_PROTECTION_KEY];
    const parsed = ZReportProtectionBody.safeParse(stored ?? {});
    const body = parsed.success ? parsed.data : ZReportProtectionBody.parse({});
    const open = (v: string | null) => (v === null ? null : openSecret(this.ctx.config.secretKey(), v));
    return { ...body, xlsx_password: open(body.xlsx_password), pdf: body.pdf.map((p) => ({ ...p, open_password: open(p.open_password) })) };
  }

  /** What the scheduler needs: the attachment size cap, the link's days and whether outside addresses are allowed. */
  async mailLimits(): Promise<{ attachMaxBytes: number; linkDays: number; externalRecipients: boolean }> {
    const s = await this.current();
    return { attachMaxBytes: s.mail_attach_max_bytes, linkDays: s.mail_link_days, externalRecipients: s.external_recipients };
  }
}
