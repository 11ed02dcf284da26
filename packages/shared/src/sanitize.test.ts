import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, isSanitizeExempt, isWellFormedText, sanitizeText } from './sanitize.js';

/** Control characters the rule removes: Unicode Cc except tab, line feed and carriage return. */
const isControlChar = (ch: string) => /\p{Cc}/u.test(ch) && !['\t', '\n', '\r'].includes(ch);

describe('isSafeText rejects markup and control characters', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['an image with an event handler', '<img src=x onerror=alert(1)>'],
    ['a javascript link', '<a href="javascript:x">'],
    ['a comment', '<!-- c -->'],
    ['a processing instruction', '<?php'],
    ['an end tag', '</div>'],
    ['a NUL byte', 'abc\u0000def'],
    ['a tag inside text', 'settlement <b>20</b> mm'],
    ['an unclosed tag at the end', 'level <img src=x onerror=alert(1)'],
    ['a doctype', '<!DOCTYPE html>'],
    ['a tag that appears once another is removed', '<<b>script>alert(1)<</b>/script>'],
    ['a tag split by a control character', '<\u0000script>'],
    ['an escape character', 'a\u001bb'],
    ['a C1 control character', 'a\u0085b'],
  ])('rejects %s', (_name, text) => {
    expect(isSafeText(text)).toBe(false);
  });
});

describe('isSafeText accepts ordinary engineering text', () => {
  it.each([
    ['a less-than reading', '<0.5 m'],
    ['an ampersand', 'A&B'],
    ['a tolerance', '±20 mm'],
    ['spaced comparisons', 'a < b > c'],
    ['a comparison with a digit', 'x<5'],
    ['less-or-equal', '5 <= 6'],
    ['Chinese text', '隧道监测 第3段'],
    ['newlines and tabs', 'line 1\nline 2\r\n\tindented'],
    ['an e-mail address', 'qp.design@example.com.sg'],
    ['an apostrophe', "O'Brien"],
    ['double quotes', '"quoted"'],
    ['an empty text', ''],
    ['a lone less-than at the end', 'depth <'],
    ['an arrow', 'A <- B, C -> D, E <=> F'],
    ['an entity-like text', '&lt;script&gt;'],
    ['units and degrees', 'Tilt 0.25° at −12.5 kPa, 3 µε'],
  ])('accepts %s', (_name, text) => {
    expect(isSafeText(text)).toBe(true);
    expect(sanitizeText(text)).toBe(text);
  });
});

describe('sanitizeText', () => {
  it('removes markup and keeps the text around it', () => {
    expect(sanitizeText('a<b>bold</b>c')).toBe('aboldc');
    expect(sanitizeText('<script>alert(1)</script>')).toBe('alert(1)');
    expect(sanitizeText('x <!-- c --> y')).toBe('x  y');
    expect(sanitizeText('ok <img src=x onerror=alert(1)')).toBe('ok ');
  });

  it('removes control characters', () => {
    expect(sanitizeText('a\u0000b\u0007c\u007fd')).toBe('abcd');
  });

  it('removes markup that appears once other markup is removed', () => {
    expect(sanitizeText('<<b>b>x')).toBe('x');
    expect(sanitizeText('<\u0000b>x')).toBe('x');
  });

  it('handles long adversarial input in linear time', () => {
    const nested = '<'.repeat(200_000) + 'b>'.repeat(200_000);
    const started = performance.now();
    expect(sanitizeText(nested)).toBe('');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('sanitize properties', () => {
  it('accepts any text without `<` and without control characters', () => {
    const safeChar = fc
      .oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom('\t', '\n', '\r', ' ', '>', '&', '/', '!', '?'))
      .filter((ch) => ch !== '<' && !isControlChar(ch));
    fc.assert(
      fc.property(fc.string({ unit: safeChar }), (text) => {
        expect(isSafeText(text)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent', () => {
    // Strings rich in the characters that matter: `<`, `>`, tag-start characters and control characters.
    const markupish = fc.string({ maxLength: 5 });
    const pieces = fc.constantFrom('<', '>', '/', '!', '?', 'b', 'script', '\u0000', '\u001b', ' ', '5', '-', '=');
    const arb = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(fc.oneof(pieces, markupish), { maxLength: 30 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(arb, (s) => {
        const once = sanitizeText(s);
        expect(sanitizeText(once)).toBe(once);
        expect(isSafeText(once)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts engineering text where each `<` is followed by a digit or a space', () => {
    const piece = fc.oneof(
      fc.integer({ min: 0, max: 99_999 }).map(String),
      fc.constantFrom('mm', 'm', 'kPa', 'MPa', 'kN', '±', '°', '%', '.', ',', '-', '>', '&', ' ', '=', '(', ')'),
      fc.constantFrom('隧道', '监测', '沉降', '第', '段', '水位', '测斜'),
      fc.tuple(fc.constant('<'), fc.constantFrom(' ', '0', '1', '2', '5', '9')).map(([lt, next]) => lt + next),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(isSafeText(text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isSanitizeExempt', () => {
  it('exempts secrets by the last segment of the field name, and nothing else', () => {
    for (const name of ['password', 'userPassword', 'new_password', 'token', 'clientSecret', 'otp', 'code', 'user.password']) {
      expect(isSanitizeExempt(name)).toBe(true);
    }
    for (const name of ['comment', 'remarks', 'zipcode', 'password.note', 'description']) {
      expect(isSanitizeExempt(name)).toBe(false);
    }
  });
});

describe('isWellFormedText refuses lone surrogates', () => {
  it.each([
    ['a lone high surrogate', '\ud800x'],
    ['a lone low surrogate', 'x\udc00'],
    ['a high one at the end', 'abc\udbff'],
    ['two high ones', '\ud800\ud800'],
  ])('refuses %s', (_, text) => expect(isWellFormedText(text)).toBe(false));
  it('accepts surrogate pairs, Chinese text and the empty text', () => {
    for (const text of ['😀', 'a😀b', '中文', '', '±20 mm']) expect(isWellFormedText(text)).toBe(true);
  });
});
