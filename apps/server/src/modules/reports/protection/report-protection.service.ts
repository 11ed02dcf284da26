import { z } from 'zod';
import {
  REPORT_TYPE_CODES,
  ZPdfProtection,
  ZReportProtectionBody,
  type TFieldErrors,
  type TReportProtection,
  type TReportProtectionBody,
  type TReportProtectionUpdate,
} from '@strata/shared';
import type { Actor, AppContext } from '../../../context.js';
import { badRequest } from '../../../lib/errors.js';
import { isoOrNull } from '../../../lib/filters.js';
import { openSecret, sealSecret } from '../../../lib/secret-box.js';
import { writeAudit } from '../../../platform/audit.js';
import { passwordProblem } from '../../passwords/password-policy.js';
import { writeSetting, type SettingsService } from '../../settings/settings.service.js';
import { readSettingRow, userFullname } from './report-protection.repository.js';

/** The settings row that holds the report protection settings (JSON; passwords sealed with the instance's key). */
export const REPORT_PROTECTION_KEY = 'report_protection';

/**
 * The row as stored: the body with its passwords sealed (a sealed password is longer than the 128 characters the
 * body allows a password, so the stored form does not bound them) and who saved it last.
 */
const ZStoredProtection = ZReportProtectionBody.extend({
  pdf: z.array(ZPdfProtection.extend({ open_password: z.string().nullable().default(null) })).default([]),
  xlsx_password: z.string().nullable().default(null),
  updated_by: z.number().int().nullable().default(null),
});
type TStoredProtection = z.infer<typeof ZStoredProtection>;

/** What an audit row says of a password: never the password. */
type PasswordChange = 'set' | 'cleared' | 'kept' | 'none';

/**
 * Report and document protection settings (issue 21, decision 041): watermark, PDF passwords and permissions per
 * report type, XLSX sheet protection, and the mailing limits of scheduled reports. Read by the engine (renderers,
 * downloads), the attachments' downloads and the scheduler; edited on /report/setting (GET/PUT /reports/settings).
 * Not cached (one small row, read when a report is made or a protected file downloaded), so nothing to drop on a
 * change and nothing published.
 */
export class ReportProtectionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {}

  /** The stored row, parsed; defaults when there is none (or it no longer parses: a warning says so). */
  private async stored(): Promise<{ body: TStoredProtection; updatedAt: Date | null }> {
    const row = await readSettingRow(this.ctx.db.orm, REPORT_PROTECTION_KEY);
    const parsed = ZStoredProtection.safeParse(row?.value ?? {});
    if (!parsed.success) this.ctx.log.warn({ key: REPORT_PROTECTION_KEY }, 'stored report protection settings fail their schema; defaults apply');
    return { body: parsed.success ? parsed.data : ZStoredProtection.parse({}), updatedAt: row?.updatedAt ?? null };
  }

  /** The settings in force, passwords opened (server-side use only: never send them to a client). */
  async current(): Promise<TReportProtectionBody> {
    const { updated_by: _by, ...body } = (await this.stored()).body;
    const open = (v: string | null) => (v === null ? null : openSecret(this.ctx.config.secretKey(), v));
    return { ...body, xlsx_password: open(body.xlsx_password), pdf: body.pdf.map((p) => ({ ...p, open_password: open(p.open_password) })) };
  }

  /** What the scheduler needs: the attachment size cap, the link's days and whether outside addresses are allowed. */
  async mailLimits(): Promise<{ attachMaxBytes: number; linkDays: number; externalRecipients: boolean }> {
    const s = await this.current();
    return { attachMaxBytes: s.mail_attach_max_bytes, linkDays: s.mail_link_days, externalRecipients: s.external_recipients };
  }

  /** `GET /reports/settings`: the settings without their passwords (only whether each is set). */
  async view(): Promise<TReportProtection> {
    const { body, updatedAt } = await this.stored();
    const { pdf, xlsx_password, updated_by, ...rest } = body;
    return {
      ...rest,
      pdf: pdf.map(({ open_password, ...p }) => ({ ...p, open_password_set: open_password !== null })),
      xlsx_password_set: xlsx_password !== null,
      updated: isoOrNull(updatedAt),
      updated_by_name: updated_by === null ? null : await userFullname(this.ctx.db.orm, updated_by),
    };
  }

  /**
   * `PUT /reports/settings`: every field as given, except a password left out, which keeps the stored one (a PDF
   * entry's, of the same report type). A new password must pass the system password policy; report types must be
   * engine types, each once. Stored sealed, audited without the passwords ("set", "cleared", "kept").
   */
  async update(actor: Actor, input: TReportProtectionUpdate): Promise<TReportProtection> {
    const { body: old } = await this.stored();
    const errors: TFieldErrors = {};
    const minLength = (await this.settings.get()).password_min_length;
    const checkNew = (field: string, pw: string | null | undefined) => {
      if (typeof pw !== 'string') return;
      const problem = passwordProblem(pw, { minLength });
      if (problem) errors[field] = problem;
    };
    const seen = new Set<string>();
    input.pdf.forEach((p, i) => {
      if (!(REPORT_TYPE_CODES as readonly string[]).includes(p.report_type)) errors[`pdf.${i}.report_type`] = `Unknown report type ${p.report_type}`;
      else if (seen.has(p.report_type)) errors[`pdf.${i}.report_type`] = `Report type ${p.report_type} is given twice`;
      seen.add(p.report_type);
      checkNew(`pdf.${i}.open_password`, p.open_password);
    });
    checkNew('xlsx_password', input.xlsx_password);
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const key = this.ctx.config.secretKey();
    const next = (given: string | null | undefined, stored: string | null): { value: string | null; change: PasswordChange } => {
      if (given === undefined) return { value: stored, change: stored === null ? 'none' : 'kept' };
      if (given === null) return { value: null, change: stored === null ? 'none' : 'cleared' };
      return { value: sealSecret(key, given), change: 'set' };
    };
    const pdf = input.pdf.map((p) => ({ ...p, ...next(p.open_password, old.pdf.find((o) => o.report_type === p.report_type)?.open_password ?? null) }));
    const xlsx = next(input.xlsx_password, old.xlsx_password);
    const stored: TStoredProtection = {
      ...input,
      pdf: pdf.map(({ change: _c, value, ...p }) => ({ ...p, open_password: value })),
      xlsx_password: xlsx.value,
      updated_by: actor.userId,
    };
    await this.ctx.db.orm.transaction(async (tx) => {
      await writeSetting(tx, REPORT_PROTECTION_KEY, stored);
      await writeAudit(tx, actor, {
        action: 'report-protection.update',
        entityType: 'settings',
        entityId: REPORT_PROTECTION_KEY,
        before: auditView(old),
        after: {
          ...auditView(stored),
          // The key names avoid "password" so the audit's own redaction leaves the words: never a password itself.
          xlsx_lock: xlsx.change,
          pdf: pdf.map((p) => ({ report_type: p.report_type, no_print: p.no_print, no_copy: p.no_copy, open_lock: p.change })),
        },
      });
    });
    return this.view();
  }
}

/** The settings for an audit row: everything but the passwords, of which only whether one is set. */
function auditView(s: TStoredProtection): Record<string, unknown> {
  const { pdf, xlsx_password, updated_by: _by, ...rest } = s;
  return {
    ...rest,
    xlsx_lock: xlsx_password === null ? 'none' : 'set',
    pdf: pdf.map((p) => ({ report_type: p.report_type, no_print: p.no_print, no_copy: p.no_copy, open_lock: p.open_password === null ? 'none' : 'set' })),
  };
}
