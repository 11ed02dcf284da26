import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Files (uploads, pictures, generated reports) by key, e.g. `avatars/3f2a….webp`. Local disk under `DATA_DIR/files`.
 * A write is atomic: a temporary file beside the target, written, fsynced, renamed over it (and the folder fsynced),
 * so a reader sees the old file or the whole new one, never a part.
 */
export interface Storage {
  write(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** Removes the file; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /**
   * Moves a finished file (e.g. a report written to a temporary file) into place under `key`: renamed when on the
   * same file system (copied and removed otherwise), then made durable. The file at `source` is gone afterwards.
   */
  writeFile(key: string, source: string): Promise<void>;
  /** The file as a stream and its size (for downloads of large files), or undefined when there is none. */
  stream(key: string): Promise<{ stream: Readable; size: number } | undefined>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length > 500 || !KEY.test(key) || key.includes('..')) {
    throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
  }
}

/** A key under `folder` with a random 128-bit name: `avatars/<32 hex>.webp`. */
export function randomKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async write(key, data) {
      const target = resolve(key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const file = await open(temp, 'wx', 0o640);
      try {
        await file.writeFile(data);
        await file.sync();
      } catch (err) {
        await file.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw err;
      }
      await file.close();
      try {
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      // Make the rename itself durable (not supported on every platform: best effort).
      const folder = await open(dir, 'r').catch(() => undefined);
      await folder?.sync().catch(() => undefined);
      await folder?.close().catch(() => undefined);
    },
    async read(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async writeFile(key, source) {
      const target = resolve(key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      const file = await open(source, 'r+');
      try {
        await file.sync();
      } finally {
        await file.close();
      }
      try {
        await rename(source, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another file system: copied beside the target first, so a reader never sees a part.
        const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        try {
          await copyFile(source, temp);
          await rename(temp, target);
        } catch (copyErr) {
          await rm(temp, { force: true });
          throw copyErr;
        }
        await rm(source, { force: true });
      }
      const folder = await open(dir, 'r').catch(() => undefined);
      await folder?.sync().catch(() => undefined);
      await folder?.close().catch(() => undefined);
    },
    async stream(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}
