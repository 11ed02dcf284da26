/**
 * A small Markdown reader for the user manual: headings, paragraphs, lists, block quotes, code blocks, rules and,
 * inside text, bold, italic, inline code and links. It returns a tree of plain data; the renderer builds React
 * elements from it, so any HTML in the source is shown as text, never interpreted.
 */

export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'em'; children: MarkdownInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: MarkdownInline[] };

export type MarkdownBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; id: string; text: string; children: MarkdownInline[] }
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'list'; ordered: boolean; start: number; items: MarkdownInline[][] }
  | { type: 'quote'; children: MarkdownInline[] }
  | { type: 'code'; text: string }
  | { type: 'rule' };

export interface MarkdownHeading {
  level: number;
  id: string;
  text: string;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const QUOTE = /^ {0,3}>[ \t]?/;
const BULLET = /^ {0,3}[-*+][ \t]+/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+/;

function startsBlock(line: string): boolean {
  return HEADING.test(line) || RULE.test(line) || FENCE.test(line) || QUOTE.test(line) || BULLET.test(line) || NUMBERED.test(line);
}

/** Plain text of inline nodes (for heading ids and the table of contents). */
export function inlineText(nodes: readonly MarkdownInline[]): string {
  return nodes.map((node) => ('children' in node ? inlineText(node.children) : node.text)).join('');
}

/** `Getting started: the 404 page` -> `getting-started-the-404-page`; letters of any script are kept. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** Where a link may point: in-page anchors, site paths, relative files, http(s) and mail. Nothing else. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and spaces in a scheme ("java\tscript:"), so the check does too.
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020\u007F]/g, '');
  if (compact === '' || compact.startsWith('//') || compact.startsWith('/\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase());
}

function findClosing(source: string, marker: string, from: number): number {
  let index = source.indexOf(marker, from);
  while (index !== -1 && source[index - 1] === '\\') index = source.indexOf(marker, index + 1);
  return index;
}

const ESCAPABLE = /[\\`*_[\]()#+\-.!>~|{}]/;

/** Inline Markdown: `code`, **bold**, *italic* or _italic_, [text](href), backslash escapes. */
export function parseInline(source: string): MarkdownInline[] {
  const nodes: MarkdownInline[] = [];
  let text = '';
  const flush = () => {
    if (text) nodes.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      text += next;
      i += 2;
      continue;
    }
    if (char === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        nodes.push({ type: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((char === '*' || char === '_') && next === char) {
      const end = findClosing(source, char + char, i + 2);
      if (end > i + 2) {
        flush();
        nodes.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (char === '*' || (char === '_' && !/[\p{L}\p{N}]/u.test(source[i - 1] ?? ''))) {
      let end = findClosing(source, char, i + 1);
      // `**` inside an emphasis is bold, not its end.
      while (end !== -1 && source[end + 1] === char) end = findClosing(source, char, end + 2);
      const closes = end > i + 1 && source[i + 1] !== ' ' && source[end - 1] !== ' ';
      const wordEnd = char === '*' || !/[\p{L}\p{N}]/u.test(source[end + 1] ?? '');
      if (closes && wordEnd) {
        flush();
        nodes.push({ type: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const close = findClosing(source, '](', i + 1);
      const end = close === -1 ? -1 : source.indexOf(')', close + 2);
      if (close !== -1 && end !== -1) {
        const href = source.slice(close + 2, end).trim();
        const label = parseInline(source.slice(i + 1, close));
        flush();
        if (isSafeHref(href)) nodes.push({ type: 'link', href, children: label });
        else nodes.push(...label);
        i = end + 1;
        continue;
      }
    }
    text += char;
    i += 1;
  }
  flush();
  return nodes;
}

function uniqueId(base: string, used: Map<string, number>): string {
  const slug = base || 'section';
  const seen = used.get(slug) ?? 0;
  used.set(slug, seen + 1);
  return seen === 0 ? slug : `${slug}-${seen + 1}`;
}

export interface ParseOptions {
  /** Heading ids already taken (several documents on one page share it). */
  usedIds?: Map<string, number>;
}

/** Block Markdown into a tree. Headings get unique ids for anchors and the table of contents. */
export function parseMarkdown(source: string, options: ParseOptions = {}): MarkdownBlock[] {
  const used = options.usedIds ?? new Map<string, number>();
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i += 1;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const children = parseInline(heading[2]!);
      const text = inlineText(children);
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, id: uniqueId(slugify(text), used), text, children });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(lines[i++]!.replace(QUOTE, ''));
      blocks.push({ type: 'quote', children: parseInline(body.join(' ').trim()) });
      continue;
    }
    const bullet = BULLET.test(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const marker = bullet ? BULLET : NUMBERED;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (marker.test(current)) items.push(current.replace(marker, '').trim());
        else if (current.trim() !== '' && /^\s+/.test(current) && !startsBlock(current)) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else if (current.trim() === '' && marker.test(lines[i + 1] ?? '')) {
          // a blank line between items keeps the list going
        } else break;
        i += 1;
      }
      blocks.push({
        type: 'list',
        ordered: !bullet,
        start: numbered ? Number(numbered[1]) : 1,
        items: items.map((item) => parseInline(item)),
      });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && (body.length === 0 || !startsBlock(lines[i]!))) {
      body.push(lines[i++]!.trim());
    }
    blocks.push({ type: 'paragraph', children: parseInline(body.join(' ')) });
  }
  return blocks;
}

/** The headings of a document, up to `maxLevel`, for a table of contents. */
export function headingsOf(blocks: readonly MarkdownBlock[], maxLevel = 3): MarkdownHeading[] {
  return blocks.flatMap((block) =>
    block.type === 'heading' && block.level <= maxLevel ? [{ level: block.level, id: block.id, text: block.text }] : [],
  );
}
