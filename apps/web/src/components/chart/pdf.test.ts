import { describe, expect, it } from 'vitest';
import { dataUrlBytes, jpegInfo, jpegToPdf } from './pdf';

/** The start of a JPEG: SOI, an APP0 segment, then a baseline SOF0 frame of `width` × `height` with 3 components. */
function fakeJpeg(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x06,
    0x4a,
    0x46,
    0x49,
    0x46, // APP0 (length 6)
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);
}

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('PDF writer (one A4 page, one JPEG)', () => {
  it('reads the size of a JPEG from its frame header', () => {
    expect(jpegInfo(fakeJpeg(1200, 600))).toEqual({ width: 1200, height: 600, components: 3 });
    expect(jpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('writes a PDF that starts with %PDF-, embeds the JPEG as a DCTDecode image and ends with xref, trailer and %%EOF', () => {
    const jpeg = fakeJpeg(1200, 600);
    const pdf = jpegToPdf(jpeg, { title: 'Chart (SM-1)' });
    const body = text(pdf);
    expect(body.startsWith('%PDF-1.4\n')).toBe(true);
    expect(body).toContain('/Subtype /Image /Width 1200 /Height 600 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode');
    expect(body).toContain(`/Length ${jpeg.length} >>`);
    expect(body).toContain('/Title (Chart \\(SM-1\\))');
    expect(body).toMatch(/trailer\n<< \/Size 7 \/Root 1 0 R \/Info 6 0 R >>\nstartxref\n\d+\n%%EOF\n$/);
    // The JPEG bytes are in the file unchanged.
    const at = body.indexOf('stream\n') + 'stream\n'.length;
    expect([...pdf.slice(at, at + jpeg.length)]).toEqual([...jpeg]);
  });

  it('points every xref entry and startxref at the right byte', () => {
    const body = text(jpegToPdf(fakeJpeg(800, 1000)));
    const startxref = Number(/startxref\n(\d+)\n/.exec(body)![1]);
    expect(body.slice(startxref, startxref + 4)).toBe('xref');
    const entries = body.slice(startxref).split('\n').slice(3, 9);
    entries.forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(body.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
  });

  it('uses an A4 page, landscape for a wide image, and keeps the image inside 210 × 295 mm', () => {
    const mm = (pt: number) => (pt * 25.4) / 72;
    const wide = text(jpegToPdf(fakeJpeg(2000, 1000), { marginMm: 0 }));
    const [, w, h] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(wide)!.map(Number) as [number, number, number];
    expect(mm(w)).toBeCloseTo(297, 0);
    expect(mm(h)).toBeCloseTo(210, 0);
    const [, drawW, , , drawH] = /q ([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm/.exec(wide)!.map(Number) as number[];
    expect(mm(drawW!)).toBeLessThanOrEqual(295.01);
    expect(mm(drawH!)).toBeLessThanOrEqual(210.01);
    const tall = text(jpegToPdf(fakeJpeg(600, 1200)));
    const [, tw, th] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(tall)!.map(Number) as [number, number, number];
    expect([Math.round(mm(tw)), Math.round(mm(th))]).toEqual([210, 297]);
  });

  it('refuses what is not a JPEG', () => {
    expect(() => jpegToPdf(new Uint8Array([1, 2, 3]))).toThrow('Not a JPEG');
  });

  it('decodes a data URL', () => {
    expect([...dataUrlBytes('data:image/jpeg;base64,/9j/')]).toEqual([0xff, 0xd8, 0xff]);
  });
});
