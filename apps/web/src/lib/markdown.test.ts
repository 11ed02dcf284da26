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
    expect(blocks[3]).toMatchObject({
      ordered: true,
      start: 1,
      items: [{ children: [{ text: 'Type your name.' }] }, { children: [{ text: 'Press ' }, { type: 'strong' }, { text: '.' }] }],
    });
    expect(blocks[4]).toMatchObject({ ordered: false, items: [{ children: [{ text: 'one' }] }, { children: [{ text: 'two still two' }] }] });
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
    // CommonMark reads the balanced parentheses as part of the target (the old reader left a stray ')').
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', text: 'click' }]);
    // A target may not contain a tab in CommonMark, so this is no link at all, only its characters.
    expect(parseInline('[x](java\tscript:alert)')).toEqual([{ type: 'text', text: '[x](java\tscript:alert)' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(isSafeHref('https://example.com')).toBe(true);
    expect(isSafeHref('mailto:security@example.com')).toBe(true);
    expect(isSafeHref('02-the-screen.md#language')).toBe(true);
    expect(isSafeHref('//evil.example')).toBe(false);
    expect(isSafeHref('vbscript:x')).toBe(false);
  });

  it('makes only http, https, mailto and relative targets links, however the scheme is spelt', () => {
    const text = (label: string) => [{ type: 'text', text: label }];
    for (const source of [
      '[x](JaVaScRiPt:alert(1))',
      '[x](<javascript:alert(1)>)',
      '[x](&#106;avascript:alert(1))',
      '[x](java&#x09;script:alert(1))',
      '[x](javascript&colon;alert(1))',
      '[x](vbscript:msgbox)',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](file:///etc/passwd)',
      '[x](//evil.example/path)',
      '![x](javascript:alert(1))',
    ]) {
      expect(parseInline(source), source).toEqual(text('x'));
    }
    expect(parseInline('<javascript:alert(1)>')).toEqual(text('javascript:alert(1)'));
    expect(parseMarkdown('[x][evil]\n\n[evil]: javascript:alert(1)')).toEqual([{ type: 'paragraph', children: text('x') }]);
    const link = (href: string) => ({ type: 'link', href, children: text('x') });
    expect(parseInline('[x](https://example.com/a?b=1&amp;c=2)')).toEqual([link('https://example.com/a?b=1&c=2')]);
    expect(parseInline('[x](HTTP://example.com)')).toEqual([link('HTTP://example.com')]);
    expect(parseInline('[x](mailto:help@example.com)')).toEqual([link('mailto:help@example.com')]);
    expect(parseInline('[x](#language)')).toEqual([link('#language')]);
    expect(parseInline('[x](/work-space)')).toEqual([link('/work-space')]);
    expect(parseInline('[x](02-the-screen.md#language)')).toEqual([link('02-the-screen.md#language')]);
    expect(parseInline('<https://example.com>')).toEqual([{ type: 'link', href: 'https://example.com', children: text('https://example.com') }]);
  });

  it('keeps raw HTML as text in blocks, inline, in links and in list items', () => {
    expect(parseMarkdown('<div onclick="steal()">\n*hi*\n</div>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<div onclick="steal()">\n*hi*\n</div>' }] },
    ]);
    expect(parseInline('a <b onmouseover="x()">bold</b> <!-- note -->')).toEqual([{ type: 'text', text: 'a <b onmouseover="x()">bold</b> <!-- note -->' }]);
    expect(parseInline('[<img src=x onerror=alert(1)>](/h)')).toEqual([
      { type: 'link', href: '/h', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
    // An HTML block inside an item is a paragraph of its characters.
    expect(parseMarkdown('- <iframe src="https://evil.example"></iframe>')).toMatchObject([
      {
        type: 'list',
        items: [{ children: [], blocks: [{ type: 'paragraph', children: [{ type: 'text', text: '<iframe src="https://evil.example"></iframe>' }] }] }],
      },
    ]);
    // Character references are the characters they name; the result is still text.
    expect(parseInline('&lt;script&gt; &amp; &#65;')).toEqual([{ type: 'text', text: '<script> & A' }]);
  });

  it('reads nested lists, task items, quotes of several paragraphs, tables, strikethrough and hard breaks', () => {
    const [list, quote, table, para] = parseMarkdown(
      [
        '- [x] done',
        '- [ ] open',
        '  1. first',
        '  2. second',
        '',
        '> One.',
        '>',
        '> Two.',
        '',
        '| Name | Value |',
        '|:-----|------:|',
        '| a | **1** |',
        '',
        '~~old~~ new  ',
        'line',
      ].join('\n'),
    );
    expect(list).toEqual({
      type: 'list',
      ordered: false,
      start: 1,
      items: [
        { children: [{ type: 'text', text: 'done' }], blocks: [], checked: true },
        {
          children: [{ type: 'text', text: 'open' }],
          blocks: [
            {
              type: 'list',
              ordered: true,
              start: 1,
              items: [
                { children: [{ type: 'text', text: 'first' }], blocks: [] },
                { children: [{ type: 'text', text: 'second' }], blocks: [] },
              ],
            },
          ],
          checked: false,
        },
      ],
    });
    expect(quote).toEqual({
      type: 'quote',
      blocks: [
        { type: 'paragraph', children: [{ type: 'text', text: 'One.' }] },
        { type: 'paragraph', children: [{ type: 'text', text: 'Two.' }] },
      ],
    });
    expect(table).toEqual({
      type: 'table',
      align: ['left', 'right'],
      header: [[{ type: 'text', text: 'Name' }], [{ type: 'text', text: 'Value' }]],
      rows: [[[{ type: 'text', text: 'a' }], [{ type: 'strong', children: [{ type: 'text', text: '1' }] }]]],
    });
    expect(para).toEqual({
      type: 'paragraph',
      children: [{ type: 'del', children: [{ type: 'text', text: 'old' }] }, { type: 'text', text: ' new' }, { type: 'break' }, { type: 'text', text: 'line' }],
    });
  });

  it('makes ids of any script', () => {
    expect(slugify('The contract toolbar!')).toBe('the-contract-toolbar');
    expect(slugify('合同 工具栏')).toBe('合同-工具栏');
  });
});
