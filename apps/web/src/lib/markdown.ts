/**
 * The user manual's Markdown, read by `marked`'s lexer (CommonMark with GitHub's tables, strikethrough, task lists and
 * autolinks) and turned into a tree of plain data; the renderer builds React elements from it, never HTML. marked's
 * HTML output is not used at all: raw HTML in the source becomes text, and a link becomes a link only when its
 * target is an in-page anchor, a relative address, http(s) or mailto (`isSafeHref`), otherwise its text.
 */
import { Lexer, type Token, type Tokens } from 'marked';

export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'em'; children: MarkdownInline[] }
  | { type: 'del'; children: MarkdownInline[] }
  | { type: 'code'; text: string }
  | { type: 'break' }
  | { type: 'link'; href: string; children: MarkdownInline[] };

export interface MarkdownListItem {
  /** The item's first paragraph. */
  children: MarkdownInline[];
  /** What follows it inside the item: further paragraphs, nested lists, code. */
  blocks: MarkdownBlock[];
  /** A task list item's box; undefined for an ordinary item. */
  checked?: boolean;
}

export type MarkdownAlign = 'left' | 'center' | 'right' | null;

export type MarkdownBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; id: string; text: string; children: MarkdownInline[] }
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'list'; ordered: boolean; start: number; items: MarkdownListItem[] }
  | { type: 'quote'; blocks: MarkdownBlock[] }
  | { type: 'code'; text: string }
  | { type: 'table'; align: MarkdownAlign[]; header: MarkdownInline[][]; rows: MarkdownInline[][][] }
  | { type: 'rule' };

export interface MarkdownHeading {
  level: number;
  id: string;
  text: string;
}

/** Plain text of inline nodes (for heading ids and the table of contents). */
export function inlineText(nodes: readonly MarkdownInline[]): string {
  return nodes.map((node) => ('children' in node ? inlineText(node.children) : node.type === 'break' ? ' ' : node.text)).join('');
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

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Character references as the characters they stand for (marked's lexer leaves most of that to its HTML output).
 * Numeric ones and the few named ones Markdown text uses; any other stays as written.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/**
 * A link target as the browser would read it, or undefined when it may not be a link: `&#106;avascript:` is
 * `javascript:` once decoded, and a named reference left undecoded (`&colon;`) could hide a scheme, so it is refused.
 */
function safeHref(raw: string): string | undefined {
  const href = decodeEntities(raw);
  return !/&[a-z][a-z0-9]*;/i.test(href) && isSafeHref(href) ? href : undefined;
}

/** Adjacent text nodes as one (escapes, raw HTML and soft line breaks arrive as separate tokens). */
function pushText(nodes: MarkdownInline[], text: string): void {
  const last = nodes[nodes.length - 1];
  if (last?.type === 'text') last.text += text;
  else if (text) nodes.push({ type: 'text', text });
}

function inlineNodes(tokens: readonly Token[] | undefined): MarkdownInline[] {
  const nodes: MarkdownInline[] = [];
  for (const token of tokens ?? []) {
    const t = token as Tokens.Generic;
    switch (token.type) {
      case 'strong':
      case 'em':
      case 'del':
        nodes.push({ type: token.type, children: inlineNodes(t.tokens) });
        break;
      case 'codespan':
        nodes.push({ type: 'code', text: (token as Tokens.Codespan).text });
        break;
      case 'br':
        nodes.push({ type: 'break' });
        break;
      case 'link':
      case 'image': {
        // An image is not loaded: it is offered as a link to the picture, under its alt text.
        const href = safeHref((token as Tokens.Link | Tokens.Image).href);
        const label = inlineNodes(t.tokens);
        if (href !== undefined) nodes.push({ type: 'link', href, children: label });
        else {
          for (const node of label) {
            if (node.type === 'text') pushText(nodes, node.text);
            else nodes.push(node);
          }
        }
        break;
      }
      case 'text':
        // A soft line break inside a paragraph reads as a space, as it does in HTML.
        if (t.tokens) nodes.push(...inlineNodes(t.tokens));
        else pushText(nodes, decodeEntities(String(t.text)).replace(/\n/g, ' '));
        break;
      case 'checkbox':
        break; // shown by the list item (`checked`)
      default:
        // escape (the character itself), html (its source, as text) and anything newer marked may add: as text.
        pushText(nodes, String(t.text ?? t.raw ?? ''));
    }
  }
  return nodes;
}

/** Inline Markdown (`code`, **bold**, *italic*, ~~struck~~, [text](href), escapes) into nodes. */
export function parseInline(source: string): MarkdownInline[] {
  return inlineNodes(Lexer.lexInline(source));
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

function blockNodes(tokens: readonly Token[], used: Map<string, number>): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const children = inlineNodes(token.tokens);
        const text = inlineText(children);
        const level = Math.min(6, Math.max(1, token.depth)) as 1 | 2 | 3 | 4 | 5 | 6;
        blocks.push({ type: 'heading', level, id: uniqueId(slugify(text), used), text, children });
        break;
      }
      case 'paragraph':
      case 'text':
        blocks.push({ type: 'paragraph', children: inlineNodes(token.tokens ?? [{ type: 'text', raw: token.raw, text: token.text }]) });
        break;
      case 'html':
        // Raw HTML is shown as the characters it is made of.
        blocks.push({ type: 'paragraph', children: [{ type: 'text', text: String(token.text).trimEnd() }] });
        break;
      case 'list': {
        const list = token as Tokens.List;
        const items = list.items.map((item): MarkdownListItem => {
          // A task item's box arrives as a token of its own; `checked` carries it.
          const content = item.tokens.filter((t) => t.type !== 'checkbox');
          const [first, ...rest] = content;
          const lead = first?.type === 'paragraph' || first?.type === 'text';
          return {
            children: lead ? inlineNodes(first.tokens ?? [first]) : [],
            blocks: blockNodes(lead ? rest : content, used),
            ...(item.task ? { checked: Boolean(item.checked) } : {}),
          };
        });
        blocks.push({ type: 'list', ordered: list.ordered, start: list.ordered && typeof list.start === 'number' ? list.start : 1, items });
        break;
      }
      case 'blockquote':
        blocks.push({ type: 'quote', blocks: blockNodes(token.tokens ?? [], used) });
        break;
      case 'code':
        blocks.push({ type: 'code', text: token.text });
        break;
      case 'table': {
        const table = token as Tokens.Table;
        blocks.push({
          type: 'table',
          align: table.align,
          header: table.header.map((cell) => inlineNodes(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inlineNodes(cell.tokens))),
        });
        break;
      }
      case 'hr':
        blocks.push({ type: 'rule' });
        break;
      case 'space':
      case 'def':
        break; // blank lines; link reference definitions (already applied to their links)
      default:
        if (typeof token.raw === 'string' && token.raw.trim()) blocks.push({ type: 'paragraph', children: [{ type: 'text', text: token.raw.trim() }] });
    }
  }
  return blocks;
}

/** Block Markdown into a tree. Headings get unique ids for anchors and the table of contents. */
export function parseMarkdown(source: string, options: ParseOptions = {}): MarkdownBlock[] {
  return blockNodes(new Lexer().lex(source), options.usedIds ?? new Map<string, number>());
}

/** The headings of a document, up to `maxLevel`, for a table of contents. */
export function headingsOf(blocks: readonly MarkdownBlock[], maxLevel = 3): MarkdownHeading[] {
  return blocks.flatMap((block) => (block.type === 'heading' && block.level <= maxLevel ? [{ level: block.level, id: block.id, text: block.text }] : []));
}
