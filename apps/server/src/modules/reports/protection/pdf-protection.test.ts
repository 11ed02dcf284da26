import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { watermarkText, watermarkTime } from './document-protection.js';
import { looksLikePdf, protectPdf } from './pdf-protection.js';
import { popplerInfo, popplerRefusal, popplerText, risingText } from './poppler.test-support.js';

/** A two-page PDF (portrait A4, then landscape), each page with a line of its own. */
async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [size, text] of [
    [[595, 842], 'Settlement summary'],
    [[842, 595], 'Tilt readings'],
  ] as const) {
    doc.addPage([...size]).drawText(text, { x: 60, y: 400, size: 12, font });
  }
  return doc.save();
}

const page = (bytes: Uint8Array, n: number, args: string[] = []) => popplerText(bytes, [...args, '-f', String(n), '-l', String(n)]);

describe('PDF protection', () => {
  it('fills {user}, {time} (YYYY-MM-DD HH:mm and the zone) and {contract} wherever the text has them', () => {
    const at = new Date('2026-03-01T00:30:00Z');
    expect(watermarkTime(at, 'Asia/Singapore')).toBe('2026-03-01 08:30 Asia/Singapore');
    expect(watermarkText('{user} · {time} · {contract} · {user}', { user: 'Tan Ah Kow', at, timezone: 'Asia/Singapore', contracts: ['T301', 'T302'] })).toBe(
      'Tan Ah Kow · 2026-03-01 08:30 Asia/Singapore · T301, T302 · Tan Ah Kow',
    );
    expect(watermarkText('Copy of {contract}', { user: 'x', at, timezone: 'Europe/London', contracts: [] })).toBe('Copy of ');
  });

  it('writes a header or footer watermark on every page as text pdftotext reads whole, the page’s own text kept', async () => {
    const original = await twoPages();
    for (const position of ['header', 'footer'] as const) {
      const text = `Tan Ah Kow 2026-03-01 08:30 Asia/Singapore T301 ${position}`;
      const out = await protectPdf(original, { watermark: { text, position, opacity: 0.3 } });
      expect(popplerInfo(out).Pages).toBe('2');
      for (const n of [1, 2]) expect(page(out, n)).toContain(text);
      expect(page(out, 1)).toContain('Settlement summary');
      expect(page(out, 2)).toContain('Tilt readings');
      expect(page(original, 1)).not.toContain(text);
    }
  });

  it('writes the diagonal watermark across every page, portrait or landscape, in the report fonts (a Chinese name too)', async () => {
    const blank = await PDFDocument.create();
    blank.addPage([595, 842]);
    blank.addPage([842, 595]);
    const text = '陈大文 · 2026-03-01 08:30 Asia/Singapore · T301';
    const out = await protectPdf(await blank.save(), { watermark: { text, position: 'diagonal', opacity: 0.2 } });
    for (const n of [1, 2]) expect(risingText(out, n)).toBe(text.replace(/\s+/g, ''));
  });

  it('locks a PDF with an open password: it does not open without it, opens with it, and printing and copying are refused', async () => {
    const out = await protectPdf(await twoPages(), {
      watermark: { text: 'Tan Ah Kow', position: 'footer', opacity: 0.5 },
      lock: { userPassword: 'Kallang-River-47', noPrint: true, noCopy: true },
    });
    const refused = popplerRefusal(out);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/Incorrect password/i);
    expect(() => popplerText(out, ['-upw', 'wrong-password'])).toThrow();
    const text = popplerText(out, ['-upw', 'Kallang-River-47']);
    expect(text).toContain('Settlement summary');
    expect(text).toContain('Tan Ah Kow');
    expect(popplerInfo(out, ['-upw', 'Kallang-River-47']).Encrypted).toMatch(/^yes \(print:no copy:no .*algorithm:AES-256\)$/);
  });

  it('sets permissions without an open password: the PDF opens, printing or copying is refused as set', async () => {
    const noPrint = await protectPdf(await twoPages(), { lock: { userPassword: null, noPrint: true, noCopy: false } });
    expect(popplerText(noPrint)).toContain('Settlement summary');
    expect(popplerInfo(noPrint).Encrypted).toMatch(/^yes \(print:no copy:yes /);
    const noCopy = await protectPdf(await twoPages(), { lock: { userPassword: null, noPrint: false, noCopy: true } });
    expect(popplerInfo(noCopy).Encrypted).toMatch(/^yes \(print:yes copy:no /);
  });

  it('tells a PDF by its first bytes', async () => {
    expect(looksLikePdf(await twoPages())).toBe(true);
    expect(looksLikePdf(Buffer.from('PK\u0003\u0004 a zip'))).toBe(false);
  });
});
