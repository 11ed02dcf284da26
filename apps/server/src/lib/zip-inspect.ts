import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Looks inside a ZIP (an Office OOXML file) without trusting it, with `yauzl`: the central directory's entry count
 * and declared uncompressed sizes are checked against the limits before anything is inflated, then every entry is
 * inflated and thrown away with yauzl's own check that it yields exactly the size it declared (it stops at the first
 * byte too many), so an archive that lies about its sizes (a zip bomb) is refused rather than believed. Nothing is
 * written, and no entry is held in memory.
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
  | { ok: false; reason: 'not-zip' | 'too-many-entries' | 'too-large' | 'corrupt' | 'unsupported-method' | 'encrypted' };

type Refusal = Extract<ZipInspection, { ok: false }>;

const LOCAL = 0x04034b50;

/** Drains an entry's inflated stream; yauzl fails it when it yields more or fewer bytes than declared. */
async function drain(stream: Readable): Promise<Refusal | undefined> {
  try {
    for await (const chunk of stream) void chunk;
    return undefined;
  } catch (err) {
    // yauzl's size check says "too many bytes in the stream" once the output passes the declared size.
    return { ok: false, reason: /too many bytes/.test((err as Error).message) ? 'too-large' : 'corrupt' };
  }
}

/**
 * The central directory read and checked (entry count, declared sizes, encryption, compression method), then every
 * entry inflated: one that inflates to more than it declared is `too-large`; one that does not inflate to exactly its
 * size, or any structure yauzl refuses, `corrupt`.
 */
export async function inspectZip(data: Buffer, limits: ZipLimits): Promise<ZipInspection> {
  if (data.length < 22 || data.readUInt32LE(0) !== LOCAL) return { ok: false, reason: 'not-zip' };
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    return { ok: false, reason: 'not-zip' };
  }
  try {
    // The count in the end-of-central-directory record: refused before a single entry is read.
    if (zip.entryCount > limits.maxEntries) return { ok: false, reason: 'too-many-entries' };
    const found: yauzl.Entry[] = [];
    let uncompressedBytes = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.isEncrypted()) return { ok: false, reason: 'encrypted' };
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return { ok: false, reason: 'unsupported-method' };
        uncompressedBytes += entry.uncompressedSize;
        if (uncompressedBytes > limits.maxUncompressedBytes) return { ok: false, reason: 'too-large' };
        found.push(entry);
      }
    } catch {
      return { ok: false, reason: 'corrupt' };
    }
    for (const entry of found) {
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        return { ok: false, reason: 'corrupt' };
      }
      const refused = await drain(stream);
      if (refused) return refused;
    }
    const entries = found.map((e) => ({
      name: e.fileName,
      method: e.compressionMethod,
      compressedSize: e.compressedSize,
      uncompressedSize: e.uncompressedSize,
      localHeaderOffset: e.relativeOffsetOfLocalHeader,
    }));
    return { ok: true, entries, uncompressedBytes };
  } finally {
    zip.close();
  }
}

/** The Office Open XML kind by its parts: `[Content_Types].xml` and the main part `word/document.xml` or `xl/workbook.xml`. */
export function ooxmlKind(entries: readonly ZipEntry[]): 'docx' | 'xlsx' | undefined {
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml')) return undefined;
  if (names.has('word/document.xml')) return 'docx';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  return undefined;
}
