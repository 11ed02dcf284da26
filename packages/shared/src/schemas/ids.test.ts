import { describe, expect, it } from 'vitest';
import { ID_MAX, isId, parseIdList, ZBigIdText, ZId, ZIdText } from './ids.js';

describe('ids', () => {
  it('accepts the ids of an integer column, 1 to 2147483647, and nothing past them', () => {
    expect([1, 42, ID_MAX].every(isId)).toBe(true);
    expect([0, -1, 1.5, ID_MAX + 1, 1e20, Number.NaN, '1', null].some(isId)).toBe(false);
    expect(ZId.safeParse(ID_MAX).success).toBe(true);
    expect(ZId.safeParse(ID_MAX + 1).success).toBe(false);
  });

  it('reads an id from text only when it is written in plain digits', () => {
    expect(ZIdText.parse('2147483647')).toBe(ID_MAX);
    for (const bad of ['2147483648', '99999999999999999999', '0', '01', '1e3', '+1', '-1', ' 1', '1.0', '0x10', '', 'abc']) {
      expect(ZIdText.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('reads a bigserial id up to the largest exact JavaScript integer', () => {
    expect(ZBigIdText.parse('2147483648')).toBe(2147483648);
    expect(ZBigIdText.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(ZBigIdText.safeParse('9007199254740992').success).toBe(false);
    expect(ZBigIdText.safeParse('9223372036854775807').success).toBe(false);
  });

  it('reads a list of ids as JSON or comma-separated, and refuses any entry that is not an id', () => {
    expect(parseIdList('[1,2]')).toEqual([1, 2]);
    expect(parseIdList(' 1, 2 ')).toEqual([1, 2]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList('99999999999999999999')).toBeNull();
    expect(parseIdList('[99999999999999999999]')).toBeNull();
    expect(parseIdList('2147483648')).toBeNull();
    expect(parseIdList('1e3')).toBeNull();
    expect(parseIdList('[1,"2"]')).toBeNull();
    expect(parseIdList('-1')).toBeNull();
    expect(parseIdList('-1', true)).toEqual([-1]);
    expect(parseIdList('[-1]', true)).toEqual([-1]);
  });
});
