import { headingsOf, parseMarkdown, type MarkdownBlock, type MarkdownHeading } from '../../lib/markdown';

/**
 * The user manual: the Markdown files of `docs/user-manual/` at the repository root, read at build time and shown
 * in file-name order (`01-…`, `02-…`). Adding a page to the manual is adding a file there.
 */
const SOURCES = import.meta.glob<string>('../../../../../docs/user-manual/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface ManualDocument {
  /** The file name, e.g. `01-getting-started.md`. */
  file: string;
  blocks: MarkdownBlock[];
  /** Id of the document's first heading (where a link to the file goes). */
  anchor: string | undefined;
}

export function parseManual(sources: Record<string, string>): ManualDocument[] {
  const usedIds = new Map<string, number>();
  return Object.entries(sources)
    .map(([path, text]) => ({ file: path.slice(path.lastIndexOf('/') + 1), text }))
    .sort((a, b) => a.file.localeCompare(b.file))
    .map(({ file, text }) => {
      const blocks = parseMarkdown(text, { usedIds });
      return { file, blocks, anchor: headingsOf(blocks, 6)[0]?.id };
    });
}

export const manualDocuments: readonly ManualDocument[] = parseManual(SOURCES);

/** The table of contents: each document's title and its sections (levels 1 and 2). */
export function manualContents(documents: readonly ManualDocument[]): MarkdownHeading[] {
  return documents.flatMap((document) => headingsOf(document.blocks, 2));
}
