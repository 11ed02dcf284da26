import { MESSAGES } from '@strata/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n, translateMessage } from './i18n';
import { decodeMessage, encodeMessage, formIssueMessage, zodIssueMessage } from './zod-messages';

/** The message a form shows for `value` against `schema`: the first issue, through the error map and the resolver's rule. */
function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value, { error: zodIssueMessage, reportInput: true });
  if (result.success) throw new Error('expected the value to fail');
  return formIssueMessage(result.error.issues[0]!, (text) => i18n.exists(text));
}

async function inBoth(message: string): Promise<{ en: string; zh: string }> {
  const en = translateMessage(message);
  await i18n.changeLanguage('zh');
  const zh = translateMessage(message);
  await i18n.changeLanguage('en');
  return { en, zh };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the zod error map', () => {
  it.each([
    ['an empty text', z.string().trim().min(1), '  ', 'validation.required', 'This field is required', '此项为必填项'],
    ['a missing value', z.object({ name: z.string() }), {}, 'validation.required', 'This field is required', '此项为必填项'],
    ['a text too short', z.string().min(3), 'ab', 'validation.stringTooShort{"minimum":3}', 'Must be at least 3 characters', '至少 3 个字符'],
    ['a text too long', z.string().max(100), 'x'.repeat(101), 'validation.stringTooLong{"maximum":100}', 'Must be at most 100 characters', '最多 100 个字符'],
    ['a number too small', z.number().min(0), -1, 'validation.numberTooSmall{"minimum":0}', 'Must be at least 0', '不能小于 0'],
    ['a number not above', z.number().positive(), 0, 'validation.numberTooSmallExclusive{"minimum":0}', 'Must be more than 0', '必须大于 0'],
    ['a number too big', z.number().max(1000), 1001, 'validation.numberTooBig{"maximum":1000}', 'Must be at most 1000', '不能大于 1000'],
    ['a number not below', z.number().lt(10), 10, 'validation.numberTooBigExclusive{"maximum":10}', 'Must be less than 10', '必须小于 10'],
    ['too few items', z.array(z.number()).min(2), [1], 'validation.arrayTooShort{"minimum":2}', 'Choose at least 2', '至少选择 2 项'],
    ['too many items', z.array(z.number()).max(1), [1, 2], 'validation.arrayTooLong{"maximum":1}', 'Choose at most 1', '最多选择 1 项'],
    ['an e-mail', z.email(), 'nobody', 'validation.email', 'Enter a valid e-mail address', '请输入有效的电子邮件地址'],
    ['a URL', z.url(), 'not a url', 'validation.url', 'Enter a valid web address', '请输入有效的网址'],
    ['a pattern', z.string().regex(/^\d+$/), 'abc', 'validation.format', 'The value is not in the expected format', '格式不正确'],
    ['a date', z.iso.date(), '2026-13-40', 'validation.date', 'Enter a date as YYYY-MM-DD', '请按 YYYY-MM-DD 格式输入日期'],
    ['a number expected', z.number(), 'abc', 'validation.number', 'Enter a number', '请输入数字'],
    ['a whole number expected', z.number().int(), 1.5, 'validation.integer', 'Enter a whole number', '请输入整数'],
    ['one of the options', z.enum(['a', 'b']), 'c', 'validation.choice', 'Choose one of the options', '请从选项中选择'],
    ['a custom rule without words', z.string().refine((v) => v === 'ok'), 'no', 'validation.invalid', 'Invalid value', '值无效'],
  ])('gives %s its key and parameters, in English and Chinese', async (_kind, schema, value, message, en, zh) => {
    expect(messageOf(schema, value)).toBe(message);
    expect(await inBoth(message)).toEqual({ en, zh });
  });

  it("replaces a shared schema's English for the server by the translated message with its number", async () => {
    const shared = z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');
    expect(messageOf(shared, '')).toBe('validation.required');
    expect(messageOf(shared, 'x'.repeat(201))).toBe('validation.stringTooLong{"maximum":200}');
    expect(await inBoth(messageOf(shared, 'x'.repeat(201)))).toEqual({ en: 'Must be at most 200 characters', zh: '最多 200 个字符' });
  });

  it("keeps a form's own i18n key, a catalogue text and a custom rule's sentence", () => {
    expect(messageOf(z.string().min(1, 'admin.users.roleRequired'), '')).toBe('admin.users.roleRequired');
    expect(messageOf(z.string().min(1, MESSAGES.userNameRequired), '')).toBe(MESSAGES.userNameRequired);
    expect(
      messageOf(
        z.string().refine((v) => v === 'ok', 'End date must be on or after the start date'),
        'no',
      ),
    ).toBe('End date must be on or after the start date');
  });

  it("reads a shared character rule's sentence, kept from the catalogue, in Chinese", async () => {
    const name = z.string().regex(/^[^,;"]+$/, MESSAGES.instrumentNameChars);
    expect(messageOf(name, 'a;b')).toBe(MESSAGES.instrumentNameChars);
    expect(await inBoth(messageOf(name, 'a;b'))).toEqual({ en: 'Name may not hold , ; or "', zh: '名称不能包含 , ; 或 "' });
  });

  it('encodes a key with parameters as one string and reads it back; other text is not a message', () => {
    expect(encodeMessage('validation.required')).toBe('validation.required');
    expect(decodeMessage(encodeMessage('validation.stringTooLong', { maximum: 50 }))).toEqual({ key: 'validation.stringTooLong', params: { maximum: 50 } });
    expect(decodeMessage('Title must be at most 200 characters')).toBeNull();
    expect(decodeMessage('validation.stringTooLong{not json}')).toBeNull();
    expect(translateMessage('unknown.key{"maximum":5}')).toBe('unknown.key{"maximum":5}');
  });
});
