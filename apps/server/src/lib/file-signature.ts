/**
 * File types by their content (magic numbers), never by name or the client's content type: what uploads of drawings
 * and manual documents accept.
 */

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'dxf' | 'docx' | 'geojson' | 'kml';

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  dxf: 'image/vnd.dxf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
};

export const EXTENSIONS: Record<FileKind, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', dxf: 'dxf', docx: 'docx', geojson: 'geojson', kml: 'kml' };

const startsWith = (data: Buffer, sig: number[]) => data.length >= sig.length && sig.every((b, i) => data[i] === b);

function utf8Head(data: Buffer, bytes = 4096): string | undefined {
  const head = data.subarray(0, bytes);
  if (head.includes(0)) return undefined;
  const text = head.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The kind of file the bytes are, among `allowed`; undefined when none matches. */
export function detectFileKind(data: Buffer, allowed: readonly FileKind[]): FileKind | undefined {
  const is = (k: FileKind) => allowed.includes(k);
  if (is('pdf') && startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (is('png') && startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (is('jpeg') && startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  // DOCX: a ZIP whose entries include word/document.xml (entry names are stored uncompressed in the headers).
  if (is('docx') && startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && data.includes('word/document.xml')) return 'docx';
  const text = is('dxf') || is('geojson') || is('kml') ? utf8Head(data) : undefined;
  if (text !== undefined) {
    // ASCII DXF: group code 0, then SECTION (codes may be right-aligned: "  0").
    if (is('dxf') && /^\s*0\r?\n\s*SECTION\r?\n/.test(text)) return 'dxf';
    if (is('kml') && /^\s*(<\?xml[^>]*>\s*)?<kml[\s>]/.test(text)) return 'kml';
    if (is('geojson') && /^\s*\{/.test(text)) return 'geojson';
  }
  return undefined;
}

/** A stored file name: the base name, without path or control characters, at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || fallback).slice(0, 200);
}
