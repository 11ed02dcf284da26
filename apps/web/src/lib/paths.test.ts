import { describe, expect, it } from 'vitest';
import { isSafeRedirect, languageOf, loginPath, stripLanguage } from './paths';

describe('paths', () => {
  it.each(['/en/admin/users', '/en/account/profile/info?tab=1', '/zh/', '/'])('accepts the site path %s as a redirect', (path) => {
    expect(isSafeRedirect(path)).toBe(true);
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'en/admin', '', null, undefined, '/\tevil'])(
    'rejects %s as a redirect',
    (path) => {
      expect(isSafeRedirect(path)).toBe(false);
    },
  );

  it('builds the login path with a readable, safely encoded redirect', () => {
    expect(loginPath('en', '/en/account/profile/info')).toBe('/en/account/login?redirect=/en/account/profile/info');
    const url = new URL(loginPath('zh', '/zh/admin/users?page-num=2&q=a b'), 'http://host');
    expect(url.pathname).toBe('/zh/account/login');
    expect(url.searchParams.get('redirect')).toBe('/zh/admin/users?page-num=2&q=a b');
    expect(loginPath('en')).toBe('/en/account/login');
  });

  it('reads and strips the language prefix', () => {
    expect(languageOf('/zh/admin')).toBe('zh');
    expect(languageOf('/fr/admin')).toBe('en');
    expect(stripLanguage('/zh/admin?x=1')).toBe('/admin?x=1');
    expect(stripLanguage('/en')).toBe('/');
    expect(stripLanguage('/admin')).toBe('/admin');
  });
});
