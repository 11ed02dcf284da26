import { describe, expect, it } from 'vitest';
import { loginResponse } from '../../test/fixtures';
import { signInTarget } from './sign-in';

describe('where sign-in goes', () => {
  const lang = 'en' as const;

  it('follows a redirect that is a path on this site', () => {
    expect(signInTarget(loginResponse(), { lang, redirect: '/en/admin/users?page-num=2' })).toBe('/en/admin/users?page-num=2');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)'])('ignores the redirect %s and goes home', (redirect) => {
    expect(signInTarget(loginResponse(), { lang, redirect })).toBe('/en/');
  });

  it('uses the last page visited when there is no redirect, and the redirect before it', () => {
    const response = loginResponse({ last_url: '/en/admin/roles' });
    expect(signInTarget(response, { lang, redirect: null })).toBe('/en/admin/roles');
    expect(signInTarget(response, { lang, redirect: '/en/admin/users' })).toBe('/en/admin/users');
  });

  it('ignores an unsafe last page and a redirect back to login or logout', () => {
    expect(signInTarget(loginResponse({ last_url: 'https://evil.example' }), { lang: 'zh', redirect: null })).toBe('/zh/');
    expect(signInTarget(loginResponse(), { lang, redirect: '/en/account/login?redirect=/x' })).toBe('/en/');
    expect(signInTarget(loginResponse(), { lang, redirect: '/en/account/logout' })).toBe('/en/');
  });
});
