import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../../lib/crypto.js';
import { ReportTooLargeError, type RenderReport, type ReportDocument, type ReportSink } from './report-document.js';

/** Progress is written at most this often (and on the first and last section). */
export const PROGRESS_EVERY_MS = 500;

export interface ReportFileOptions {
  /** Where the temporary file goes (the storage's file system, so that the move into storage is a rename). */
  tempDir: string;
  /** The size limit (`report_max_bytes`): a write past it throws ReportTooLargeError. */
  maxBytes: number;
  /** Writes the progress (section n of m); called on the first and last section and at most every 500 ms between. */
  progress: (done: number, total: number, label: string) => Promise<void>;
}

/**
 * Renders a document to a temporary file with bounded memory (the renderer writes chunk by chunk; bytes are counted
 * against the limit). Returns the file's path and size; on any error the file is removed and the error thrown again.
 * A write waits for a progress update under way: one at a time, and check never shows less than was written.
 */
export async function renderToTempFile(doc: ReportDocument, render: RenderReport, o: ReportFileOptions): Promise<{ path: string; size: number }> {
  await mkdir(o.tempDir, { recursive: true });
  const temp = path.join(o.tempDir, `${randomToken(12)}.part`);
  const file = await open(temp, 'wx', 0o640);
  let progress: Promise<void> = Promise.resolve();
  let written = 0;
  try {
    const sink: ReportSink = {
      async write(chunk) {
        if (written + chunk.byteLength > o.maxBytes) throw new ReportTooLargeError(o.maxBytes);
        await progress;
        await file.write(chunk);
        written += chunk.byteLength;
      },
      get written() {
        return written;
      },
    };
    const total = doc.sectionCount;
    let last = 0;
    const onSection = (n: number, label: string) => {
      const at = Date.now();
      if (n > 1 && n < total && at - last < PROGRESS_EVERY_MS) return;
      last = at;
      progress = progress.then(() => o.progress(n, total, label));
    };
    await render(doc, sink, onSection);
    await progress;
    await file.close();
    return { path: temp, size: written };
  } catch (err) {
    await progress.catch(() => undefined);
    await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}

export { fileStamp } from '../../lib/zoned-time.js';

/** A document's file name stem, kept to letters, digits, `.`, `_` and `-`. */
export const fileStem = (stem: string) => stem.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 120) || 'report';
