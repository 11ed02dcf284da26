import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

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
  };
}
