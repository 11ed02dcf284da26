import { MESSAGES, USER_TYPE_LABELS } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { i18n, translateMessage } from './i18n';

const PARAMETER = /\{\{(\w+)\}\}/g;

/** A template's parameter names, in order. */
function parameters(text: string): string[] {
  return [...text.matchAll(PARAMETER)].map((m) => m[1]!).sort();
}

/** A text with each `{{name}}` filled in as «name» (a template as the server sends it). */
function filled(text: string): string {
  return text.replace(PARAMETER, (_, name: string) => `«${name}»`);
}

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

  it('has every text of the shared catalogue in Chinese with the same parameters, and says each as the server sends it in Chinese', async () => {
    const chinese = zh.messages as Record<string, string>;
    await i18n.changeLanguage('zh');
    try {
      for (const [key, text] of Object.entries(MESSAGES)) {
        expect(chinese[key], key).toMatch(/\p{Script=Han}/u);
        expect(parameters(chinese[key]!), key).toEqual(parameters(text));
        expect(translateMessage(filled(text)), key).toBe(filled(chinese[key]!));
      }
    } finally {
      await i18n.changeLanguage('en');
    }
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
