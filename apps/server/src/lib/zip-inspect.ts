import { inflateRawSync } from 'node:zlib';

/**
 * Looks inside a ZIP (an Office OOXML file) without trusting it: the central directory's entry count and declared
 * uncompressed sizes are checked against limits, then every entry is inflated with its output capped at what it
 * declared, so an archive that lies about its sizes (a zip bomb) is refused rather than believed. Nothing is written.
 */

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipInspection =
  | { ok: true; entries: ZipEntry[]; uncompressedBytes: number }
  | { ok: false; reason: 'not-zip' | 'zip64' | 'too-many-entries' | 'too-large' | 'corrupt' | 'unsupported-method' | 'encrypted' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The End Of Central Directory record: within the last 22 + 65,535 bytes (its comment may be that long). */
function findEocd(data: Buffer): number {
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= stop; i--) if (data.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/** Reads the central directory and checks the limits on what it declares (no inflating). */
export function readZipDirectory(data: Buffer, limits: ZipLimits): ZipInspection {
  if (data.length < 22 || data.readUInt32LE(0) !== LOCAL) return { ok: false, reason: 'not-zip' };
  const eocd = findEocd(data);
  if (eocd < 0) return { ok: false, reason: 'not-zip' };
  const total = data.readUInt16LE(eocd + 10);
  const cdSize = data.readUInt32LE(eocd + 12);
  const cdOffset = data.readUInt32LE(eocd + 16);
  // ZIP64 markers: an Office file within the upload limit never needs them.
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return { ok: false, reason: 'zip64' };
  if (total > limits.maxEntries) return { ok: false, reason: 'too-many-entries' };
  if (cdOffset + cdSize > eocd) return { ok: false, reason: 'corrupt' };

  const entries: ZipEntry[] = [];
  let uncompressedBytes = 0;
  let at = cdOffset;
  while (at < cdOffset + cdSize) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return { ok: false, reason: 'corrupt' };
    if (entries.length >= limits.maxEntries) return { ok: false, reason: 'too-many-entries' };
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const uncompressedSize = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localHeaderOffset = data.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) return { ok: false, reason: 'zip64' };
    if (flags & 0x1) return { ok: false, reason: 'encrypted' };
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > data.length) return { ok: false, reason: 'corrupt' };
    uncompressedBytes += uncompressedSize;
    if (uncompressedBytes > limits.maxUncompressedBytes) return { ok: false, reason: 'too-large' };
    entries.push({ name: data.toString('utf8', at + 46, at + 46 + nameLength), method, compressedSize, uncompressedSize, localHeaderOffset });
    at = end;
  }
  if (entries.length !== total) return { ok: false, reason: 'corrupt' };
  return { ok: true, entries, uncompressedBytes };
}

/**
 * The central directory checks, then every entry inflated with its output capped at its declared size: an entry
 * that inflates to more than it declared is `too-large`; one that does not inflate to exactly its size, `corrupt`.
 */
export function inspectZip(data: Buffer, limits: ZipLimits): ZipInspection {
  const dir = readZipDirectory(data, limits);
  if (!dir.ok) return dir;
  for (const e of dir.entries) {
    const h = e.localHeaderOffset;
    if (h + 30 > data.length || data.readUInt32LE(h) !== LOCAL) return { ok: false, reason: 'corrupt' };
    const start = h + 30 + data.readUInt16LE(h + 26) + data.readUInt16LE(h + 28);
    const body = data.subarray(start, start + e.compressedSize);
    if (body.length !== e.compressedSize) return { ok: false, reason: 'corrupt' };
    if (e.method === 0) {
      if (e.compressedSize !== e.uncompressedSize) return { ok: false, reason: 'corrupt' };
    } else if (e.method === 8) {
      let out: Buffer;
      try {
        // One byte more than declared: reaching it proves the declaration false.
        out = inflateRawSync(body, { maxOutputLength: Math.max(1, e.uncompressedSize + 1) });
      } catch (err) {
        return { ok: false, reason: (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'corrupt' };
      }
      if (out.length !== e.uncompressedSize) return { ok: false, reason: 'corrupt' };
    } else {
      return { ok: false, reason: 'unsupported-method' };
    }
  }
  return dir;
}

/** The Office Open XML kind by its parts: `[Content_Types].xml` and the main part `word/document.xml` or `xl/workbook.xml`. */
export function ooxmlKind(entries: readonly ZipEntry[]): 'docx' | 'xlsx' | undefined {
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml')) return undefined;
  if (names.has('word/document.xml')) return 'docx';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  return undefined;
}
