import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { DEFAULT_TIMEZONE, zoneFormat, type ReportOutput, type TReportProtectionBody } from '@strata/shared';
import type { Actor, AppContext } from '../../../context.js';
import { isTimeZone } from '../../../lib/zoned-time.js';
import { writeAudit } from '../../../platform/audit.js';
import { safeError } from '../../../platform/safe-error.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { looksLikePdf, protectPdf, type PdfLock, type PdfProtection, type PdfWatermark } from './pdf-protection.js';
import { contractNumbers } from './report-protection.repository.js';
import { ReportProtectionService } from './report-protection.service.js';

/**
 * The engine type whose files are protected when they are downloaded, not when they are made: a full monitoring
 * report's draft is hashed, reviewed and published unchanged (decision 040).
 */
export const PROTECTED_AT_DOWNLOAD = 'full-monitoring';

/** What the watermark's fields say. */
export interface WatermarkFields {
  user: string;
  at: Date;
  timezone: string;
  contracts: readonly string[];
}

/** `2026-11-29 09:30 Asia/Singapore`: the time of a watermark, in the zone. */
export function watermarkTime(at: Date, timezone: string): string {
  const p: Record<string, string> = {};
  for (const part of zoneFormat(timezone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = part.value.padStart(2, '0');
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute} ${timezone}`;
}

/** The watermark text with {user}, {time} and {contract} filled in (every occurrence). */
export function watermarkText(template: string, f: WatermarkFields): string {
  const values: Record<string, string> = { '{user}': f.user, '{time}': watermarkTime(f.at, f.timezone), '{contract}': f.contracts.join(', ') };
  return template.replace(/\{user\}|\{time\}|\{contract\}/g, (m) => values[m] ?? m);
}

/** What a report's protection consists of, for audit rows: e.g. ["watermark", "open password", "no printing"]. */
export function protectionNames(p: PdfProtection): string[] {
  const names: string[] = [];
  if (p.watermark) names.push('watermark');
  if (p.lock?.userPassword) names.push('open password');
  if (p.lock?.noPrint) names.push('no printing');
  if (p.lock?.noCopy) names.push('no copying');
  return names;
}

/** The report being made: its type, output and contracts. */
export interface ReportToProtect {
  type: string;
  output: ReportOutput;
  contractIds: readonly number[];
}

/** What applies to one generated report: the XLSX sheets' password (the renderer locks them), and the PDF's protection. */
export interface ReportProtectionPlan {
  sheetPassword?: string | undefined;
  pdf?: PdfProtection | undefined;
  /** For the audit row; empty = nothing applies. */
  applied: string[];
}

/** A stored PDF as it is sent: the bytes and what protection they now carry (empty: sent as stored). */
export interface ProtectedDownload {
  data: Buffer;
  applied: string[];
}

/**
 * Applies the report and document protection settings (decision 041) to files: generated reports after they were
 * rendered, and stored PDFs (attachments, full monitoring reports) as they are downloaded, with the audit rows.
 */
export class DocumentProtection {
  readonly settings: ReportProtectionService;

  constructor(
    private readonly ctx: AppContext,
    private readonly system: SettingsService,
  ) {
    this.settings = new ReportProtectionService(ctx, system);
  }

  private async timezone(): Promise<string> {
    const tz = (await this.system.get()).timezone;
    return isTimeZone(tz) ? tz : DEFAULT_TIMEZONE;
  }

  private watermark(s: TReportProtectionBody, f: WatermarkFields): PdfWatermark | undefined {
    if (!s.watermark_enabled) return undefined;
    return { text: watermarkText(s.watermark_text, f), position: s.watermark_position, opacity: s.watermark_opacity };
  }

  private lock(s: TReportProtectionBody, type: string): PdfLock | undefined {
    const p = s.pdf.find((x) => x.report_type === type);
    if (!p || (p.open_password === null && !p.no_print && !p.no_copy)) return undefined;
    return { userPassword: p.open_password, noPrint: p.no_print, noCopy: p.no_copy };
  }

  /**
   * What the settings ask of a report being made by `creator` (the watermark's {user}) at `at` ({time}, in the
   * report's zone); nothing for a full monitoring report (see PROTECTED_AT_DOWNLOAD) or an HTML page.
   */
  async planReport(r: ReportToProtect, creator: Pick<Actor, 'fullname'>, timezone: string, at: Date): Promise<ReportProtectionPlan> {
    if (r.type === PROTECTED_AT_DOWNLOAD || r.output === 'html') return { applied: [] };
    const s = await this.settings.current();
    if (r.output === 'xls') return s.xlsx_password === null ? { applied: [] } : { sheetPassword: s.xlsx_password, applied: ['sheets locked'] };
    const contracts = await contractNumbers(this.ctx.db.orm, r.contractIds);
    const pdf: PdfProtection = { watermark: this.watermark(s, { user: creator.fullname, at, timezone, contracts }), lock: this.lock(s, r.type) };
    const applied = protectionNames(pdf);
    return applied.length === 0 ? { applied } : { pdf, applied };
  }

  /**
   * The rendered file of a report, protected in place as planned (an XLSX's sheets were locked as it was written);
   * returns its path and new size. A protected report gets an audit row (`report.protect`: what it carries; each
   * download is audited as `report.get`). On failure the temporary file is removed and the error thrown: the report
   * fails rather than go out unprotected.
   */
  async protectReportFile(
    file: { path: string; size: number },
    plan: ReportProtectionPlan,
    creator: Actor,
    reportId: number,
  ): Promise<{ path: string; size: number }> {
    if (plan.applied.length === 0) return file;
    let out = file;
    const temp = `${file.path}.protected`;
    try {
      if (plan.pdf) {
        const bytes = await protectPdf(await readFile(file.path), plan.pdf);
        await writeFile(temp, bytes, { mode: 0o640 });
        await rename(temp, file.path);
        out = { path: file.path, size: bytes.byteLength };
      }
      await writeAudit(this.ctx.db.orm, creator, { action: 'report.protect', entityType: 'report', entityId: reportId, after: { protection: plan.applied } });
      return out;
    } catch (err) {
      await rm(file.path, { force: true });
      await rm(temp, { force: true });
      throw err;
    }
  }

  /**
   * A stored PDF being downloaded: watermarked for the downloader now ({user} = who downloads, {time} = now,
   * {contract} = the file's contracts), and for a full monitoring report locked as its type's setting says. Not a
   * PDF (or an attachment while `watermark_attachments` is off): sent as stored. A PDF that cannot be changed (it is
   * encrypted, or damaged) is sent as stored and the log says so: a deterrent must not lock people out of their
   * documents. The caller audits the download with `applied` (what the file now carries). The whole file is in memory here (pdf-lib loads it): attachments are bounded by the upload limit.
   */
  async protectDownload(
    actor: Actor,
    data: Buffer,
    o: { contractIds: readonly number[]; kind: 'attachment' | 'report'; reportType?: string | undefined; what: string },
  ): Promise<ProtectedDownload> {
    if (!looksLikePdf(data)) return { data, applied: [] };
    const s = await this.settings.current();
    const wanted = s.watermark_enabled && (o.kind === 'report' || s.watermark_attachments);
    const lock = o.reportType ? this.lock(s, o.reportType) : undefined;
    if (!wanted && !lock) return { data, applied: [] };
    const contracts = await contractNumbers(this.ctx.db.orm, o.contractIds);
    const fields = { user: actor.fullname, at: this.ctx.now(), timezone: await this.timezone(), contracts };
    const protection: PdfProtection = { watermark: wanted ? this.watermark(s, fields) : undefined, lock };
    let out: Buffer;
    try {
      out = Buffer.from(await protectPdf(data, protection));
    } catch (err) {
      this.ctx.log.warn({ err: safeError(err), file: o.what }, 'protection: a PDF could not be changed; sent as stored');
      return { data, applied: [] };
    }
    return { data: out, applied: protectionNames(protection) };
  }
}
