import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database (two-factor TOTP seeds) are sealed with AES-256-GCM under the instance's secret key, so
 * a copy of the database alone does not give them away. Sealed text: `v1.` + base64url(iv ‖ tag ‖ ciphertext). Text
 * without the prefix is a value written before sealing existed and is read as it is (sealed again on its next write).
 */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext of a sealed value; throws when it was sealed under another key or altered. */
export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(PREFIX)) return sealed;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** A key given as 64 hex digits or base64 of 32 bytes; undefined when the text is neither. */
export function parseSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return key.length === SECRET_KEY_BYTES ? key : undefined;
}

/**
 * The instance's key when `SECRET_KEY` is not set: `<dataDir>/secret.key`, made (random, mode 0600) on first start.
 * Every instance sharing a database must share the key: set `SECRET_KEY` when running more than one.
 */
export function keyFileSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const key = parseSecretKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(SECRET_KEY_BYTES);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
