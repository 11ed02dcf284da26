import { compoundFileKind, isCompoundFile } from './compound-file.js';

/**
 * File types by their content (magic numbers), never by name or the client's content type: what uploads of drawings,
 * manual documents, photos and documents of records accept. `doc`/`xls`: an OLE2 compound file whose root holds a
 * `WordDocument` or `Workbook` stream; `docx`/`xlsx`: a ZIP holding the main part (lib/zip-inspect.ts checks the rest).
 */

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'dxf' | 'docx' | 'xlsx' | 'doc' | 'xls' | 'geojson' | 'kml';

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  dxf: 'image/vnd.dxf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
};

export const EXTENSIONS: Record<FileKind, string> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  dxf: 'dxf',
  docx: 'docx',
  xlsx: 'xlsx',
  doc: 'doc',
  xls: 'xls',
  geojson: 'geojson',
  kml: 'kml',
};

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
  if (is('gif') && (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  // DOCX: a ZIP whose entries include word/document.xml (entry names are stored uncompressed in the headers).
  if (is('docx') && startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && data.includes('word/document.xml')) return 'docx';
  if (is('xlsx') && startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && data.includes('xl/workbook.xml')) return 'xlsx';
  if ((is('doc') || is('xls')) && isCompoundFile(data)) {
    const kind = compoundFileKind(data);
    if (kind && is(kind)) return kind;
  }
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
