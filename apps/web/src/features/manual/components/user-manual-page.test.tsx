import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../lib/markdown';
import { storeTestCredential } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { manualDocuments, parseManual } from '../manual-documents';
import { MarkdownView } from './markdown-view';
import { resolveManualLink } from './user-manual-page';

function renderMarkdown(source: string) {
  return renderWidget(<MarkdownView blocks={parseMarkdown(source)} resolveLink={(href) => ({ kind: 'external', href })} onAnchor={() => undefined} />, {
    url: '/',
  });
}

describe('markdown view', () => {
  it('shows HTML in the source as text: no script or image element is created', () => {
    const { container } = renderMarkdown('<script>alert("x")</script>\n\nText <img src=x onerror=alert(1)> **bold**');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<script>alert("x")</script>')).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('renders a javascript: link as plain text and an https link as a link that opens apart', () => {
    const { container } = renderMarkdown('[bad](javascript:alert(1)) and [good](https://example.com)');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    const good = screen.getByRole('link', { name: 'good' });
    expect(good.getAttribute('href')).toBe('https://example.com');
    expect(good.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toContain('bad');
  });

  it('renders nested and task lists, quotes of several paragraphs, tables, strikethrough and line breaks', () => {
    const { container } = renderMarkdown(
      [
        '- [x] done',
        '- open',
        '  1. first',
        '',
        '> One.',
        '>',
        '> Two.',
        '',
        '| Name | Value |',
        '|:--|--:|',
        '| a | **1** |',
        '',
        '~~old~~ new  ',
        'line',
      ].join('\n'),
    );
    const outer = container.querySelector('ul')!;
    expect(outer.querySelector(':scope > li input[type=checkbox]')).toMatchObject({ checked: true, disabled: true });
    expect(outer.querySelector(':scope > li:nth-child(2) ol > li')?.textContent).toBe('first');
    expect([...container.querySelectorAll('blockquote p')].map((p) => p.textContent)).toEqual(['One.', 'Two.']);
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Value']);
    expect(container.querySelector('td:last-child strong')?.textContent).toBe('1');
    expect(container.querySelector('del')?.textContent).toBe('old');
    expect(container.querySelector('del')?.parentElement?.querySelector('br')).not.toBeNull();
  });

  it('gives headings their ids, one level below the page title', () => {
    renderMarkdown('# Title\n\n## Part');
    expect(screen.getByRole('heading', { level: 2, name: 'Title' }).id).toBe('title');
    expect(screen.getByRole('heading', { level: 3, name: 'Part' }).id).toBe('part');
  });
});

describe('user manual', { timeout: 20_000 }, () => {
  it('is read from docs/user-manual in file order', () => {
    const files = manualDocuments.map((document) => document.file);
    expect(files.slice(0, 3)).toEqual(['01-getting-started.md', '02-the-screen.md', '03-your-account.md']);
    expect(files).toEqual([...files].sort());
  });

  it('links between its files and to app pages', () => {
    const documents = parseManual({ '/x/01-a.md': '# A', '/x/02-b.md': '# B\n\n## Part' });
    expect(resolveManualLink('02-b.md', documents, 'en')).toEqual({ kind: 'anchor', id: 'b' });
    expect(resolveManualLink('./02-b.md#part', documents, 'en')).toEqual({ kind: 'anchor', id: 'part' });
    expect(resolveManualLink('#a', documents, 'en')).toEqual({ kind: 'anchor', id: 'a' });
    expect(resolveManualLink('/account/profile/info', documents, 'zh')).toEqual({ kind: 'route', to: '/zh/account/profile/info' });
    expect(resolveManualLink('/.well-known/security.txt', documents, 'en')).toEqual({ kind: 'external', href: '/.well-known/security.txt' });
  });

  it('shows the manual with its table of contents', async () => {
    storeTestCredential();
    const { user } = renderApp('/en/user-manual');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Manual' })).toBeInTheDocument();
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const entries = within(contents)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(entries.slice(0, 3)).toEqual(['Getting started', 'Signing in', 'Demo accounts']);
    expect(entries).toContain('The screen');
    expect(entries).toContain('The contract toolbar');
    expect(entries).toContain('Your account');
    const target = screen.getByRole('heading', { level: 3, name: 'The contract toolbar' });
    expect(within(contents).getByRole('link', { name: 'The contract toolbar' }).getAttribute('href')).toBe(`#${target.id}`);
    await user.click(within(contents).getByRole('link', { name: 'The contract toolbar' }));
  });

  it('says in Chinese that it is in English only', async () => {
    storeTestCredential();
    renderApp('/zh/user-manual');
    expect(await screen.findByText('用户手册目前仅提供英文版。')).toBeInTheDocument();
  });

  it('lists the documents administrators uploaded, each with a download button', async () => {
    server.use(
      http.get(api('/user-manual/documents'), () =>
        HttpResponse.json({
          records: [
            {
              document_id: 4,
              title: 'Instrumentation handbook',
              file_name: 'handbook.pdf',
              content_type: 'application/pdf',
              size: 1_250_000,
              uploaded_by: 'admin',
              created: '2026-11-01T00:00:00.000Z',
              url: '/user-manual/documents/4/download',
            },
          ],
          total_records: 1,
        }),
      ),
    );
    storeTestCredential();
    renderApp('/en/user-manual');
    const section = await screen.findByRole('region', { name: 'Documents' });
    expect(within(section).getByText('Instrumentation handbook')).toBeInTheDocument();
    expect(within(section).getByText(/handbook\.pdf/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download Instrumentation handbook' })).toBeInTheDocument();
  });

  it('shows no documents section when none were uploaded', async () => {
    server.use(http.get(api('/user-manual/documents'), () => HttpResponse.json({ records: [], total_records: 0 })));
    storeTestCredential();
    renderApp('/en/user-manual');
    await screen.findByRole('navigation', { name: 'Contents' });
    expect(screen.queryByRole('region', { name: 'Documents' })).toBeNull();
  });
});
