import { describe, expect, it } from 'vitest';
import { ownValue } from './own.js';

describe('ownValue', () => {
  const record: Record<string, number> = { a: 1, zero: 0 };
  it("finds a record's own keys, 0 included", () => {
    expect(ownValue(record, 'a')).toBe(1);
    expect(ownValue(record, 'zero')).toBe(0);
  });
  it('finds nothing an object inherits', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) expect(ownValue(record, key), key).toBeUndefined();
  });
});
