/**
 * PDF protection (issue 21, decision 041): a watermark on every page and a password / permissions lock, applied to a
 * finished PDF. @cantoo/pdf-lib (a maintained pdf-lib fork, pure JavaScript) does both: pdf-lib itself cannot encrypt.
 *
 * The watermark's text is set once by pdfkit in the report fonts (Noto Sans SC: any name, Latin or Chinese; the
 * standard PDF fonts cover Latin-1 only), on a page of its own size, which is embedded once and drawn on every page
 * at the position and opacity chosen: real text (pdftotext finds it), one shared object however many pages.
 *
 * Memory: pdf-lib loads the whole file and writes the whole result (roughly two to three times the file's size at the
 * peak). That is acceptable for attachments (bounded by the upload limit) and for reports of usual sizes; a report
 * near `report_max_bytes` (200 MB by default) costs that much memory for the moment it is protected.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import type { WatermarkPosition } from '@strata/shared';
import { pdfText, useUnicodeFonts } from '../../../lib/pdf-fonts.js';

export interface PdfWatermark {
  /** The text with its fields already filled in. */
  text: string;
  position: WatermarkPosition;
  /** 0.05 to 1. */
  opacity: number;
}

export interface PdfLock {
  /** Asked when the file is opened; null = opens without one (the permissions still apply). */
  userPassword: string | null;
  noPrint: boolean;
  noCopy: boolean;
}

export interface PdfProtection {
  watermark?: PdfWatermark | undefined;
  lock?: PdfLock | undefined;
}

/** Point size of the diagonal text before it is scaled to the page, and of a header or footer line. */
const DIAGONAL_SIZE = 40;
const LINE_SIZE = 8;
/** A header or footer line's distance from the page's edge, and the margin left on either side (points). */
const LINE_EDGE = 6;
const SIDE = 24;
const GREY = '#808080';

/** True when the bytes begin like a PDF (`%PDF-` within the first KB, as readers accept). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** The watermark's text as a one-line PDF page of its own size (pdfkit, the report fonts). */
async function stampPage(text: string, size: number): Promise<Uint8Array> {
  const { default: PDFKit } = await import('pdfkit');
  const doc = new PDFKit({ autoFirstPage: false, margin: 0, info: { Producer: 'Strata' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = once(doc, 'end');
  useUnicodeFonts(doc);
  doc.fontSize(size);
  const width = Math.ceil(doc.widthOfString(text)) + 4;
  doc.addPage({ size: [width, Math.ceil(size * 1.5)], margin: 0 });
  doc.fillColor(GREY).text(text, 2, size * 0.15, { lineBreak: false });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * The PDF with the watermark drawn on every page and/or locked. The lock: the open password (if any) as the user
 * password, and a random owner password made for this file and kept nowhere, so the permissions (no printing, no
 * copying) cannot be lifted with a password anyone knows. AES-256.
 */
export async function protectPdf(bytes: Uint8Array, p: PdfProtection): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  if (p.watermark) await drawWatermark(doc, p.watermark);
  if (p.lock) {
    doc.encrypt({
      userPassword: p.lock.userPassword ?? '',
      ownerPassword: randomBytes(24).toString('base64url'),
      permissions: {
        printing: p.lock.noPrint ? false : 'highResolution',
        copying: !p.lock.noCopy,
        contentAccessibility: true,
        modifying: false,
        annotating: true,
        fillingForms: true,
        documentAssembly: false,
      },
    });
  }
  return doc.save();
}

async function drawWatermark(doc: PDFDocument, w: PdfWatermark): Promise<void> {
  const text = pdfText(w.text).replace(/\s+/g, ' ').trim();
  if (!text) return;
  const diagonal = w.position === 'diagonal';
  const [stamp] = await doc.embedPdf(await stampPage(text, diagonal ? DIAGONAL_SIZE : LINE_SIZE));
  if (!stamp) return;
  for (const page of doc.getPages()) {
    const { x: left, y: bottom, width, height } = page.getCropBox();
    if (diagonal) {
      // Along the page's diagonal, centred, at most 90% of its length.
      const angle = Math.atan2(height, width);
      const scale = Math.min(2, (0.9 * Math.hypot(width, height)) / stamp.width);
      const [w2, h2] = [(stamp.width * scale) / 2, (stamp.height * scale) / 2];
      const [cx, cy] = [left + width / 2, bottom + height / 2];
      const x = cx - w2 * Math.cos(angle) + h2 * Math.sin(angle);
      const y = cy - w2 * Math.sin(angle) - h2 * Math.cos(angle);
      page.drawPage(stamp, { x, y, xScale: scale, yScale: scale, rotate: degrees((angle * 180) / Math.PI), opacity: w.opacity });
    } else {
      const scale = Math.min(1, (width - 2 * SIDE) / stamp.width);
      const [sw, sh] = [stamp.width * scale, stamp.height * scale];
      const y = w.position === 'header' ? bottom + height - LINE_EDGE - sh : bottom + LINE_EDGE;
      page.drawPage(stamp, { x: left + (width - sw) / 2, y, xScale: scale, yScale: scale, opacity: w.opacity });
    }
  }
}
