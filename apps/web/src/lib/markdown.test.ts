import { describe, expect, it } from 'vitest';
import { headingsOf, isSafeHref, parseInline, parseMarkdown, slugify } from './markdown';

describe('markdown reader', () => {
  it('reads headings with unique ids, paragraphs, lists, quotes, code and rules', () => {
    const blocks = parseMarkdown(
      [
        '# Getting started',
        '',
        'First line',
        'continues here.',
        '',
        '## Signing in',
        '',
        '1. Type your name.',
        '2. Press **Sign in**.',
        '',
        '- one',
        '- two',
        '  still two',
        '',
        '> A note.',
        '',
        '```',
        '<b>kept</b>',
        '```',
        '',
        '---',
        '',
        '## Signing in',
      ].join('\n'),
    );
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'quote', 'code', 'rule', 'heading']);
    expect(blocks[0]).toMatchObject({ level: 1, id: 'getting-started', text: 'Getting started' });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: 'First line continues here.' }] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 1, items: [[{ text: 'Type your name.' }], [{ text: 'Press ' }, { type: 'strong' }, { text: '.' }]] });
    expect(blocks[4]).toMatchObject({ ordered: false, items: [[{ text: 'one' }], [{ text: 'two still two' }]] });
    expect(blocks[6]).toEqual({ type: 'code', text: '<b>kept</b>' });
    expect(headingsOf(blocks).map((heading) => heading.id)).toEqual(['getting-started', 'signing-in', 'signing-in-2']);
  });

  it('keeps heading ids unique across documents that share a page', () => {
    const used = new Map<string, number>();
    parseMarkdown('# Intro', { usedIds: used });
    expect(headingsOf(parseMarkdown('# Intro', { usedIds: used }))[0]?.id).toBe('intro-2');
  });

  it('reads bold, italic, inline code, links and escapes', () => {
    expect(parseInline('a **b** *c* _d_ `e*f` [g](/h) \\*i\\*')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'e*f' },
      { type: 'text', text: ' ' },
      { type: 'link', href: '/h', children: [{ type: 'text', text: 'g' }] },
      { type: 'text', text: ' *i*' },
    ]);
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual([{ type: 'text', text: 'snake_case_name and 2 * 3 * 4' }]);
  });

  it('keeps HTML as text: a <script> is just characters', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n\n# <img src=x onerror=alert(1)>');
    expect(blocks[0]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] });
    expect(blocks[1]).toMatchObject({ type: 'heading', text: '<img src=x onerror=alert(1)>' });
  });

  it('drops links to dangerous schemes and keeps their text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', text: 'click' }, { type: 'text', text: ')' }]);
    expect(parseInline('[x](java\tscript:alert)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(isSafeHref('https://example.com')).toBe(true);
    expect(isSafeHref('mailto:security@example.com')).toBe(true);
    expect(isSafeHref('02-the-screen.md#language')).toBe(true);
    expect(isSafeHref('//evil.example')).toBe(false);
    expect(isSafeHref('vbscript:x')).toBe(false);
  });

  it('makes ids of any script', () => {
    expect(slugify('The contract toolbar!')).toBe('the-contract-toolbar');
    expect(slugify('合同 工具栏')).toBe('合同-工具栏');
  });
});
