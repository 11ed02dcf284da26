import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFileSecret, openSecret, parseSecretKey, sealSecret } from './secret-box.js';

describe('secret box', () => {
  const key = randomBytes(32);

  it('seals to text that does not contain the secret and opens back to it, differently each time', () => {
    const a = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    const b = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(openSecret(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed under another key or altered', () => {
    const sealed = sealSecret(key, 'seed');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    // One bit of the sealed bytes flipped (not a base64 character: the last one may carry only padding bits).
    const bytes = Buffer.from(sealed.slice('v1.'.length), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecret(key, `v1.${bytes.toString('base64url')}`)).toThrow();
  });

  it('reads a value without the prefix as written before sealing existed', () => {
    expect(openSecret(key, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('takes keys as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey('short')).toBeUndefined();
    expect(parseSecretKey('ab'.repeat(31))).toBeUndefined();
  });

  it('makes the key file once, private to its owner, and reads the same key afterwards', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'strata-key-'));
    const first = keyFileSecret(path.join(dir, 'data'));
    expect(first).toHaveLength(32);
    const file = path.join(dir, 'data', 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(keyFileSecret(path.join(dir, 'data'))).toEqual(first);
  });
});
