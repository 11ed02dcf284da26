/**
 * Publishing a full monitoring report (decision 040): the approved draft, as the checker and approver reviewed it,
 * with a footer stamped on every page — "<report no> Rev <n> · Published DD/MM/YYYY HH:mm (<zone>) · Content SHA-256
 * <hash of the draft>" — and an "Approval Record" page after it (who prepared, checked and approved it, when, and
 * every step with its comment). Made once, when the approver approves; never made again.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { ReportRow, ReportSink } from '../report-document.js';
import { renderPdf } from '../report-render-pdf.js';
import { dateTimeText } from '../types/common.js';

export interface ApprovalRecord {
  reportNo: string;
  revision: number;
  title: string;
  contract: string;
  period: string;
  timezone: string;
  publishedAt: Date;
  contentSha256: string;
  prepared: { name: string | null; at: Date };
  checked: { name: string | null; at: Date | null };
  approved: { name: string | null; at: Date };
  steps: { at: Date; action: string; from: string; to: string; by: string | null; comment: string }[];
}

const FOOTER_SIZE = 6.5;
const FOOTER_Y = 16;
const SIDE = 40;

/** The stamp of every page. */
export function footerText(r: Pick<ApprovalRecord, 'reportNo' | 'revision' | 'publishedAt' | 'timezone' | 'contentSha256'>): string {
  return `${r.reportNo} Rev ${r.revision} · Published ${dateTimeText(r.publishedAt, r.timezone)} (${r.timezone}) · Content SHA-256 ${r.contentSha256}`;
}

class MemorySink implements ReportSink {
  private readonly chunks: Uint8Array[] = [];
  written = 0;
  async write(chunk: Uint8Array): Promise<void> {
    this.chunks.push(chunk);
    this.written += chunk.length;
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** The Approval Record page, written by the report renderer (its fonts show any name). */
async function approvalPage(r: ApprovalRecord): Promise<Buffer> {
  const when = (d: Date | null) => (d ? `${dateTimeText(d, r.timezone)} (${r.timezone})` : '');
  const sink = new MemorySink();
  const rows: ReportRow[] = r.steps.map((s) => [s.at, s.action, `${s.from} → ${s.to}`, s.by, s.comment]);
  await renderPdf(
    {
      title: 'Approval Record',
      fileStem: 'approval-record',
      facts: [
        ['Report', `${r.reportNo} Rev ${r.revision} ${r.title}`],
        ['Contract', r.contract],
        ['Period', r.period],
        ['Prepared by', `${r.prepared.name ?? ''} ${when(r.prepared.at)}`.trim()],
        ['Checked by', `${r.checked.name ?? ''} ${when(r.checked.at)}`.trim()],
        ['Approved by', `${r.approved.name ?? ''} ${when(r.approved.at)}`.trim()],
        ['Content SHA-256', r.contentSha256],
        ['Generated', `${dateTimeText(r.publishedAt, r.timezone)} (${r.timezone})`],
      ],
      timezone: r.timezone,
      sectionCount: 1,
      blocks: [
        { kind: 'heading', level: 2, text: 'Steps' },
        {
          kind: 'table',
          columns: [
            { header: 'Time', type: 'datetime', width: 1.6 },
            { header: 'Step', type: 'text' },
            { header: 'Status', type: 'text', width: 2 },
            { header: 'By', type: 'text', width: 1.5 },
            { header: 'Comment', type: 'text', width: 4 },
          ],
          rows,
        },
      ],
    },
    sink,
    () => undefined,
  );
  return sink.bytes();
}

/** The published PDF: the draft's pages and the approval record, each page stamped with the footer. */
export async function publishedPdf(draft: Uint8Array, record: ApprovalRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.load(draft);
  const approval = await PDFDocument.load(await approvalPage(record));
  for (const page of await doc.copyPages(approval, approval.getPageIndices())) doc.addPage(page);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = footerText(record);
  for (const page of doc.getPages()) {
    const { width } = page.getSize();
    // As large as fits the page's width (a portrait A4 page: about 6 points).
    const size = Math.min(FOOTER_SIZE, (FOOTER_SIZE * (width - 2 * SIDE)) / font.widthOfTextAtSize(text, FOOTER_SIZE));
    page.drawText(text, { x: SIDE, y: FOOTER_Y, size, font, color: rgb(0.2, 0.2, 0.2) });
  }
  doc.setTitle(`${record.reportNo} Rev ${record.revision} ${record.title}`);
  doc.setModificationDate(record.publishedAt);
  return doc.save();
}
