import { z } from 'zod';

/**
 * Report and document protection (issue 21, decision 041; spec §2.8 /report/setting, Manage System Settings):
 * watermarks on generated PDFs and downloaded PDF attachments, PDF passwords and permissions per report type, XLSX
 * sheet protection, and the mailing limits of scheduled reports. GET/PUT /reports/settings.
 */

export const WATERMARK_POSITIONS = ['diagonal', 'header', 'footer'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** The fields a watermark text may hold; the default text uses all three. */
export const WATERMARK_FIELDS = ['{user}', '{time}', '{contract}'] as const;
export const DEFAULT_WATERMARK_TEXT = '{user} · {time} · {contract}';

/** The page's notice (shown verbatim on /report/setting). */
export const PDF_PASSWORD_NOTICE =
  'A PDF password is a deterrent, not access control: anyone who has the password, or a tool that ignores PDF permissions, can open, print or copy the file. Access to reports is controlled by Strata sign-in and contract scope.';

export const ZPdfProtection = z.object({
  /** The engine report type code this applies to. */
  report_type: z.string().min(1).max(50),
  /** Asked when the PDF is opened; null = no open password. Write-only: answers show `open_password_set`. */
  open_password: z.string().max(128).nullable().default(null),
  no_print: z.boolean().default(false),
  no_copy: z.boolean().default(false),
});
export type TPdfProtection = z.infer<typeof ZPdfProtection>;

export const ZReportProtectionBody = z.object({
  watermark_enabled: z.boolean().default(false),
  watermark_text: z.string().trim().min(1, 'Give the watermark text').max(200).default(DEFAULT_WATERMARK_TEXT),
  watermark_position: z.enum(WATERMARK_POSITIONS).default('diagonal'),
  watermark_opacity: z.number().min(0.05, 'Opacity must be 0.05 to 1').max(1, 'Opacity must be 0.05 to 1').default(0.2),
  /** Also on PDF attachments (documents) when they are downloaded. */
  watermark_attachments: z.boolean().default(true),
  pdf: z.array(ZPdfProtection).max(50).default([]),
  /** Lock every sheet of generated XLSX reports for editing with this password; null = not locked. Write-only. */
  xlsx_password: z.string().max(128).nullable().default(null),
  /** Scheduled reports: files up to this size are attached, larger ones are sent as a link with an expiring token. */
  mail_attach_max_bytes: z.number().int().min(0).max(25_000_000).default(5_000_000),
  /** Days a mailed report link works. */
  mail_link_days: z.number().int().min(1).max(30).default(7),
  /** Scheduled reports may go to outside e-mail addresses. */
  external_recipients: z.boolean().default(false),
});
export type TReportProtectionBody = z.infer<typeof ZReportProtectionBody>;
export type TReportProtectionInput = z.input<typeof ZReportProtectionBody>;

/**
 * PUT body: as above, where a password field left undefined keeps the stored one (`keep` semantics), null clears it,
 * and a string sets it (checked against the system password policy).
 */
export const ZReportProtectionUpdate = ZReportProtectionBody.extend({
  pdf: z
    .array(ZPdfProtection.extend({ open_password: z.string().max(128).nullable().optional() }))
    .max(50)
    .default([]),
  xlsx_password: z.string().max(128).nullable().optional(),
});
export type TReportProtectionUpdate = z.infer<typeof ZReportProtectionUpdate>;

/** GET answer: passwords are never sent back. */
export const ZReportProtection = ZReportProtectionBody.omit({ pdf: true, xlsx_password: true }).extend({
  pdf: z.array(ZPdfProtection.omit({ open_password: true }).extend({ open_password_set: z.boolean() })),
  xlsx_password_set: z.boolean(),
  updated: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type TReportProtection = z.infer<typeof ZReportProtection>;
export const DEFAULT_REPORT_PROTECTION: TReportProtectionBody = ZReportProtectionBody.parse({});
