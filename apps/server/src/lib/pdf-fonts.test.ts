import { describe, expect, it } from 'vitest';
import { pdfText as readPdf } from '../testing/pdf-text.js';
import { PDF_FONT, PDF_FONT_BOLD, pdfText, useUnicodeFonts } from './pdf-fonts.js';

const LINE = 'ETR-C303-0002 – investigate';
const NAME = '张伟 (Zhang Wei)';

async function write(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('the fonts of the PDFs the server writes', () => {
  it('draws an en dash and Chinese as they are, regular and bold, and the text reads back', async () => {
    const pdf = await write((doc) => {
      useUnicodeFonts(doc);
      doc.text(LINE);
      doc.font(PDF_FONT_BOLD).text(NAME);
      doc.font(PDF_FONT).text('Settlement ≥ 28 mm, 3 °C, café');
    });
    expect(readPdf(pdf).split('\n')).toEqual([LINE, NAME, 'Settlement ≥ 28 mm, 3 °C, café']);
    // The fonts are embedded as subsets: the document stays small though each font file is about 10 MB.
    expect(pdf.toString('latin1').match(/\/FontFile2/g)).toHaveLength(2);
    expect(pdf.length).toBeLessThan(100_000);
  });

  it('is what the standard fonts got wrong: the reader sees their "?" and WinAnsi bytes, not the text', async () => {
    const pdf = await write((doc) => {
      doc.font('Helvetica').text(LINE);
      doc.text(NAME);
    });
    const read = readPdf(pdf);
    expect(read).not.toContain(LINE);
    expect(read).not.toContain('张伟');
  });

  it('keeps every character of the text and drops control characters only', () => {
    expect(pdfText('SM-1023 ≥ 28 mm 沉降 café\tok\r\n')).toBe('SM-1023 ≥ 28 mm 沉降 café\tok\r\n');
    expect(pdfText('bell\x07 and escape\x1b')).toBe('bell and escape');
  });
});
