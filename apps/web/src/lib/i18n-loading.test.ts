import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from './i18n';

describe('languages loaded when used', () => {
  afterEach(() => {
    vi.doUnmock('../locales/zh.json');
    vi.resetModules();
  });

  it('starts with English only and loads Chinese on the switch, before the language changes', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false);
    const loadedWhenChanged: boolean[] = [];
    const onChange = (lang: string) => loadedWhenChanged.push(i18n.hasResourceBundle(lang, 'translation'));
    i18n.on('languageChanged', onChange);
    try {
      const switching = setLanguage('zh');
      // Until the Chinese texts are in, the page stays in English (no keys shown in place of text).
      expect(i18n.language).toBe('en');
      await switching;
      expect(i18n.language).toBe('zh');
      expect(i18n.t('messages.userPasswordRequired')).toBe('请输入密码');
      expect(document.documentElement.lang).toBe('zh-CN');
      expect(loadedWhenChanged).toEqual([true]);
    } finally {
      i18n.off('languageChanged', onChange);
      await setLanguage('en');
    }
    expect(i18n.t('messages.userPasswordRequired')).toBe('User password is required');
  });

  it('fails the switch as a chunk-load failure when the texts cannot be loaded', async () => {
    vi.doMock('../locales/zh.json', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    vi.resetModules();
    const fresh = await import('./i18n');
    const { isChunkLoadError } = await import('./chunk-recovery');
    const failure = await fresh.setLanguage('zh').catch((error: unknown) => error);
    expect(isChunkLoadError(failure)).toBe(true);
    expect(fresh.i18n.hasResourceBundle('zh', 'translation')).toBe(false);
  });
});
