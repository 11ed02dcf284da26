import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { parseSecurityContacts } from '../api/get-security-contacts';

const securityTxt = 'Contact: mailto:security@strata.example\nExpires: 2027-01-01T00:00:00.000Z\nPolicy: http://x/en/security\n';

describe('report a vulnerability page', { timeout: 20_000 }, () => {
  it('explains how to report, with the contact of security.txt, without signing in', async () => {
    server.use(http.get('*/.well-known/security.txt', () => HttpResponse.text(securityTxt)));
    const { location } = renderApp('/en/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Report a vulnerability' })).toBeInTheDocument();
    const contact = await screen.findByRole('link', { name: 'security@strata.example' });
    expect(contact.getAttribute('href')).toBe('mailto:security@strata.example');
    expect(screen.getByRole('link', { name: '/.well-known/security.txt' }).getAttribute('href')).toBe('/.well-known/security.txt');
    expect(location()).toBe('/en/security');
  });

  it('is open to signed-in users too, in their language', async () => {
    storeTestCredential();
    server.use(http.get('*/.well-known/security.txt', () => HttpResponse.text(securityTxt)));
    renderApp('/zh/security');
    expect(await screen.findByRole('heading', { level: 1, name: '报告安全漏洞' })).toBeInTheDocument();
  });

  it('still says where to look when security.txt cannot be read', async () => {
    server.use(http.get('*/.well-known/security.txt', () => new HttpResponse('<html></html>', { headers: { 'content-type': 'text/html' } })));
    renderApp('/en/security');
    expect(await screen.findByText(/security contact listed in our security.txt/)).toBeInTheDocument();
  });

  it('says that no security contact is set up when the server has none (security.txt answers 404), in English and Chinese', async () => {
    const unset = () =>
      new HttpResponse('No security contact is set up on this server (SECURITY_CONTACT).\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    server.use(http.get('*/.well-known/security.txt', unset));
    const first = renderApp('/en/security');
    expect(await screen.findByText(/^No security contact has been set up for this installation of Strata yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(screen.queryByText(/security contact listed in our security.txt/)).toBeNull();
    expect(screen.queryByRole('link', { name: '/.well-known/security.txt' })).toBeNull();
    first.unmount();

    renderApp('/zh/security');
    expect(await screen.findByText(/^此 Strata 安装尚未设置安全联系人/)).toBeInTheDocument();
  });

  it('reads only mail, https and telephone contacts', () => {
    expect(parseSecurityContacts('Contact: mailto:a@b.c\ncontact: https://x.example/report\nContact: javascript:alert(1)\n# Contact: tel:1')).toEqual([
      'mailto:a@b.c',
      'https://x.example/report',
    ]);
  });
});
