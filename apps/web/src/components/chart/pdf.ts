/**
 * A minimal PDF writer: one A4 page holding one JPEG image (an image XObject with the DCTDecode filter, so the JPEG
 * bytes go in as they are). Enough for chart and map exports without a PDF library.
 */

/** A4 in millimetres (portrait). */
export const A4_MM: readonly [number, number] = [210, 297];
/** The image stays within these bounds (spec §9: "PDF export A4 with 210 x 295 mm bounds"), portrait or turned. */
export const PDF_BOUNDS_MM: readonly [number, number] = [210, 295];
const PT_PER_MM = 72 / 25.4;

export interface JpegInfo {
  width: number;
  height: number;
  /** 1 grey, 3 YCbCr/RGB, 4 CMYK. */
  components: number;
}

/** Width, height and colour components from a JPEG's start-of-frame marker; null when the bytes are not a JPEG. */
export function jpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 >= bytes.length) return null;
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      const components = bytes[i + 9]!;
      return width > 0 && height > 0 ? { width, height, components } : null;
    }
    i += 2 + length;
  }
  return null;
}

/** The bytes of a `data:` URL (base64). */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(',');
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface PdfOptions {
  /** Space kept free around the image inside the bounds, millimetres (default 10). */
  marginMm?: number;
  /** The document's title (metadata). */
  title?: string;
}

const ascii = (text: string) => new TextEncoder().encode(text);
const num = (n: number) => (Math.round(n * 100) / 100).toString();
/** A PDF literal string: backslash, parentheses escaped; non-ASCII replaced (metadata only). */
const pdfString = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')})`;

/**
 * A one-page A4 PDF showing the JPEG, scaled to fit the 210 × 295 mm bounds less the margin and centred; the page is
 * landscape when the image is wider than tall.
 */
export function jpegToPdf(jpeg: Uint8Array, options: PdfOptions = {}): Uint8Array {
  const info = jpegInfo(jpeg);
  if (!info) throw new Error('Not a JPEG image');
  const landscape = info.width > info.height;
  const [pageW, pageH] = landscape ? [A4_MM[1], A4_MM[0]] : A4_MM;
  const [boundW, boundH] = landscape ? [PDF_BOUNDS_MM[1], PDF_BOUNDS_MM[0]] : PDF_BOUNDS_MM;
  const margin = options.marginMm ?? 10;
  const scale = Math.min((boundW - 2 * margin) / info.width, (boundH - 2 * margin) / info.height);
  const drawW = info.width * scale * PT_PER_MM;
  const drawH = info.height * scale * PT_PER_MM;
  const pageWpt = pageW * PT_PER_MM;
  const pageHpt = pageH * PT_PER_MM;
  const x = (pageWpt - drawW) / 2;
  const y = (pageHpt - drawH) / 2;
  const colorSpace = info.components === 1 ? '/DeviceGray' : info.components === 4 ? '/DeviceCMYK' : '/DeviceRGB';
  const content = `q ${num(drawW)} 0 0 ${num(drawH)} ${num(x)} ${num(y)} cm /Im0 Do Q\n`;

  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? ascii(chunk) : chunk;
    parts.push(bytes);
    size += bytes.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = size;
    push(`${n} 0 obj\n${body}\nendobj\n`);
  };

  push('%PDF-1.4\n%');
  push(new Uint8Array([0xe2, 0xe3, 0xcf, 0xd3, 0x0a])); // the binary marker line
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(pageWpt)} ${num(pageHpt)}] ` +
      '/Resources << /XObject << /Im0 4 0 R >> /ProcSet [/PDF /ImageC /ImageB] >> /Contents 5 0 R >>',
  );
  offsets[4] = size;
  push(
    `4 0 obj\n<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace ${colorSpace} ` +
      `/BitsPerComponent 8 /Filter /DCTDecode${info.components === 4 ? ' /Decode [1 0 1 0 1 0 1 0]' : ''} /Length ${jpeg.length} >>\nstream\n`,
  );
  push(jpeg);
  push('\nendstream\nendobj\n');
  object(5, `<< /Length ${ascii(content).length} >>\nstream\n${content}endstream`);
  object(6, `<< /Producer (Strata) /Title ${pdfString(options.title ?? '')} >>`);

  const xref = size;
  const count = 7;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let n = 1; n < count; n += 1) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  push(table);
  push(`trailer\n<< /Size ${count} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
