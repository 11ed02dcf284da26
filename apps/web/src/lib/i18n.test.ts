import { MESSAGES, USER_TYPE_LABELS } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { i18n, translateMessage } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n resources', () => {
  it('keeps the spec strings verbatim in English', () => {
    expect(en.messages).toEqual(MESSAGES);
    expect(en.userType).toEqual(Object.fromEntries(Object.entries(USER_TYPE_LABELS)));
    expect(en.notFound.message).toBe(MESSAGES.notFound);
  });

  it('has every English key in Chinese', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  it('translates client keys and known server messages, and leaves other text alone', async () => {
    expect(translateMessage('messages.userNameRequired')).toBe('User name is required');
    expect(translateMessage('User password is required')).toBe('User password is required');
    await i18n.changeLanguage('zh');
    try {
      expect(translateMessage('User password is required')).toBe('请输入密码');
      expect(translateMessage('Something else')).toBe('Something else');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
