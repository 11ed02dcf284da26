import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MESSAGES } from './password-rules.js';

describe('checkPassword', () => {
  it('asks for the minimum length in words, counting characters not bytes', () => {
    expect(checkPassword('short')).toBe('Password must be at least 8 characters');
    expect(checkPassword('abcdefghij', { minLength: 12 })).toBe('Password must be at least 12 characters');
    expect(checkPassword('密码密码密码密码')).toBeUndefined();
  });

  it('refuses more than 128 characters and accepts spaces and any character without composition rules', () => {
    expect(checkPassword('a'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(checkPassword('a'.repeat(128))).toBeUndefined();
    expect(checkPassword('all lower case words')).toBeUndefined();
  });

  it('refuses a password equal to or containing the login name or the e-mail address', () => {
    expect(checkPassword('alice.tan', { loginName: 'alice.tan' })).toBe('Password must not contain your login name');
    expect(checkPassword('My-ALICE.TAN-2024', { loginName: 'alice.tan' })).toBe(PASSWORD_MESSAGES.containsLoginName);
    expect(checkPassword('xx-jtan.work-xx', { email: 'jtan.work@example.com' })).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(checkPassword('unrelated phrase', { loginName: 'bob', email: 'bob@example.com' })).toBeUndefined();
  });
});
