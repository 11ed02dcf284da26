/**
 * One case of the Log of Actions Taken as a PDF (A4; issue 9 "view/download (PDF) of a case"): the case, its alert,
 * every follow-up with who and when, the names of its files, and its photos embedded when small (decision 018).
 * Written in the Unicode fonts of lib/pdf-fonts.ts, as the alert document.
 */
import sharp from 'sharp';
import { formatDateTime, type TActionCaseDetail } from '@strata/shared';
import { PDF_FONT, PDF_FONT_BOLD, pdfText, useUnicodeFonts } from '../../lib/pdf-fonts.js';
import type { CaseFileRow } from './action-log.repository.js';

/** Photos larger than this (bytes, the original) are named, not embedded. */
export const EMBED_MAX_BYTES = 3_000_000;
/** At most this many photos are embedded in one document (the rest are named). */
export const EMBED_MAX_COUNT = 30;
/** Embedded photos are drawn within this box (points) from a JPEG of at most EMBED_PIXELS on a side. */
const EMBED_BOX: [number, number] = [230, 170];
const EMBED_PIXELS = 640;

const CATEGORY_NAMES: Record<string, string> = {
  breached: 'Breached instrument case',
  scenario: 'Triggered scenario-based alert case',
  damaged: 'Damaged instrument case',
};

/** The document's file name: `case-<id>.pdf`. */
export function caseDocumentName(caseId: number): string {
  return `case-${caseId}.pdf`;
}

/** A small JPEG of a photo for the document, or undefined when it cannot be read. */
async function embeddable(data: Buffer): Promise<Buffer | undefined> {
  try {
    return await sharp(data, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize(EMBED_PIXELS, EMBED_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

export interface CaseDocumentOptions {
  appName: string;
  timezone: string;
  now: Date;
  /** The bytes of a stored file (the photos to embed). */
  read: (storageKey: string) => Promise<Buffer | undefined>;
}

export async function caseDocument(detail: TActionCaseDetail, files: readonly CaseFileRow[], o: CaseDocumentOptions): Promise<Buffer> {
  const c = detail.case;
  // pdfkit is loaded on first use, so processes and test files that never write a PDF do not pay for its import.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: pdfText(`Case ${c.case_id}: ${c.title}`), Author: pdfText(o.appName) } });
  useUnicodeFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const when = (isoText: string | null) => (isoText ? formatDateTime(isoText, o.timezone) : '-');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const room = (needed: number) => {
    if (doc.y + needed > bottom()) doc.addPage();
  };

  const heading = (text: string) => {
    room(40);
    doc.moveDown(0.8).font(PDF_FONT_BOLD).fontSize(12).fillColor('#000000').text(pdfText(text), left);
    doc.moveDown(0.2);
  };
  const facts = (rows: [string, string][]) => {
    for (const [label, text] of rows) {
      room(14);
      const y = doc.y;
      doc.font(PDF_FONT_BOLD).fontSize(9).fillColor('#000000').text(pdfText(label), left, y, { width: 130 });
      const afterLabel = doc.y;
      doc
        .font(PDF_FONT)
        .fontSize(9)
        .text(pdfText(text), left + 135, y, { width: width - 135 });
      doc.y = Math.max(doc.y, afterLabel);
    }
    doc.x = left;
  };

  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .fillColor('#000000')
    .text(pdfText(`Case ${c.case_id}: ${c.title}`));
  doc
    .font(PDF_FONT)
    .fontSize(10)
    .fillColor('#333333')
    .text(pdfText(CATEGORY_NAMES[c.category] ?? c.category));
  doc
    .fontSize(8)
    .fillColor('#666666')
    .text(pdfText(`${o.appName} - Log of Actions Taken - generated ${formatDateTime(o.now, o.timezone)} (${o.timezone})`));
  doc.fillColor('#000000');

  heading('Case');
  facts([
    ['Status', c.status === 'open' ? 'Open' : 'Closed'],
    ['Contract', c.contract_no],
    ...(c.instrument_name ? [['Instrument', c.instrument_name] as [string, string]] : []),
    ['Opened', `${when(c.opened_at)} by ${c.opened_by || 'a former user'}`],
    ...(c.status === 'closed'
      ? ([
          ['Closed', `${when(c.closed_at)} by ${c.closed_by || 'a former user'}`],
          ['Reason', c.close_reason ?? '-'],
        ] as [string, string][])
      : []),
    ['Follow-ups', String(detail.entries.length)],
  ]);

  const a = detail.alert;
  if (a) {
    heading(`Alert ${a.alert_id}`);
    const value = (v: number | null) => (v === null ? '-' : a.unit ? `${v} ${a.unit}` : String(v));
    facts([
      ['What', a.message],
      ['Level', a.level_code ? `${a.level_code}${a.level_name ? ` (${a.level_name})` : ''}` : '-'],
      ['Status', a.status === 'open' ? 'Open' : `Closed ${when(a.closed_at)}${a.close_reason ? ` - ${a.close_reason}` : ''}`],
      ['Opened', when(a.opened_at)],
      ['Last triggered', when(a.last_triggered_at)],
      ['Latest value', value(a.latest_value)],
      ['Peak value', value(a.peak_value)],
      ['Triggers', String(a.trigger_count)],
    ]);
  } else if (c.alert_id !== null) {
    heading(`Alert ${c.alert_id}`);
    facts([['What', c.alert?.message ?? 'The alert is no longer available']]);
  }

  heading('Follow-ups');
  if (detail.entries.length === 0) doc.font(PDF_FONT).fontSize(9).text('No follow-up was recorded.', left, doc.y, { oblique: true });
  const byId = new Map(files.map((f) => [f.fileId, f]));
  let embedded = 0;
  for (const [i, e] of detail.entries.entries()) {
    room(50);
    doc.moveDown(0.4);
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(10)
      .fillColor('#000000')
      .text(pdfText(`${i + 1}. ${when(e.done_at)} - ${e.by || 'a former user'}`), left, doc.y, { width });
    doc
      .font(PDF_FONT)
      .fontSize(7.5)
      .fillColor('#666666')
      .text(pdfText(`Written ${when(e.created_at)}`), left, doc.y, { width });
    doc
      .font(PDF_FONT)
      .fontSize(9)
      .fillColor('#000000')
      .text(pdfText(e.action), left, doc.y + 2, { width });
    if (e.files.length > 0) {
      doc
        .font(PDF_FONT)
        .fontSize(8)
        .fillColor('#333333')
        .text(pdfText(`Files: ${e.files.map((f) => f.file_name).join(', ')}`), left, doc.y + 2, { width });
      doc.fillColor('#000000');
      let column = 0;
      let rowTop = doc.y + 6;
      for (const f of e.files) {
        const row = byId.get(f.file_id);
        if (f.kind !== 'photo' || !row || Number(row.size) > EMBED_MAX_BYTES || embedded >= EMBED_MAX_COUNT) continue;
        const original = await o.read(row.storageKey);
        const image = original ? await embeddable(original) : undefined;
        if (!image) continue;
        if (column === 0) {
          if (rowTop + EMBED_BOX[1] + 14 > bottom()) {
            doc.addPage();
            rowTop = doc.y;
          }
        }
        const x = left + column * (EMBED_BOX[0] + 12);
        doc.image(image, x, rowTop, { fit: EMBED_BOX });
        doc
          .font(PDF_FONT)
          .fontSize(7)
          .fillColor('#666666')
          .text(pdfText(f.file_name), x, rowTop + EMBED_BOX[1] + 2, { width: EMBED_BOX[0] });
        doc.fillColor('#000000');
        embedded += 1;
        column = (column + 1) % 2;
        if (column === 0) rowTop += EMBED_BOX[1] + 16;
        doc.y = column === 0 ? rowTop : rowTop + EMBED_BOX[1] + 16;
      }
      doc.x = left;
    }
  }

  const loose = files.filter((f) => f.entryId === null);
  if (loose.length > 0) {
    heading('Other files of the case');
    for (const f of loose) {
      room(12);
      doc
        .font(PDF_FONT)
        .fontSize(9)
        .text(pdfText(`${f.kind === 'photo' ? 'Photo' : 'Document'}: ${f.fileName}`), left, doc.y, { width });
    }
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
