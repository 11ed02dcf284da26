import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MarkdownBlock, MarkdownInline, MarkdownListItem } from '../../../lib/markdown';

/** Where a Markdown link goes, decided by the page that shows the document. */
export type ResolvedLink = { kind: 'anchor'; id: string } | { kind: 'route'; to: string } | { kind: 'external'; href: string };

export interface MarkdownViewProps {
  blocks: readonly MarkdownBlock[];
  resolveLink: (href: string) => ResolvedLink;
  onAnchor: (id: string) => void;
  /** Markdown level 1 is shown as this heading level (the page's own title is the h1). */
  topHeadingLevel?: 1 | 2 | 3;
}

const VARIANTS = { 1: 'h4', 2: 'h5', 3: 'h6', 4: 'subtitle1', 5: 'subtitle2', 6: 'subtitle2' } as const;

/** Renders a parsed Markdown document as React elements: text stays text, whatever it contains. */
export function MarkdownView({ blocks, resolveLink, onAnchor, topHeadingLevel = 2 }: MarkdownViewProps) {
  const inline = (nodes: readonly MarkdownInline[]): ReactNode[] =>
    nodes.map((node, index) => {
      switch (node.type) {
        case 'text':
          return node.text;
        case 'strong':
          return <strong key={index}>{inline(node.children)}</strong>;
        case 'em':
          return <em key={index}>{inline(node.children)}</em>;
        case 'del':
          return <del key={index}>{inline(node.children)}</del>;
        case 'break':
          return <br key={index} />;
        case 'code':
          return (
            <Box key={index} component="code" sx={{ fontFamily: 'monospace', fontSize: '0.9em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' }}>
              {node.text}
            </Box>
          );
        case 'link': {
          const target = resolveLink(node.href);
          const children = inline(node.children);
          if (target.kind === 'route') {
            return (
              <Link key={index} component={RouterLink} to={target.to}>
                {children}
              </Link>
            );
          }
          if (target.kind === 'anchor') {
            return (
              <Link
                key={index}
                href={`#${target.id}`}
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  onAnchor(target.id);
                }}
              >
                {children}
              </Link>
            );
          }
          const external = /^https?:/i.test(target.href);
          return (
            <Link key={index} href={target.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {children}
            </Link>
          );
        }
      }
    });

  const item = (entry: MarkdownListItem, index: number) => (
    <li key={index}>
      {entry.checked !== undefined && (
        <Box component="input" type="checkbox" checked={entry.checked} disabled readOnly sx={{ mr: 1, verticalAlign: 'middle' }} />
      )}
      {inline(entry.children)}
      {entry.blocks.length > 0 && <Box sx={{ '& > :last-child': { mb: 0 } }}>{render(entry.blocks)}</Box>}
    </li>
  );

  const render = (blocks: readonly MarkdownBlock[]): ReactNode[] =>
    blocks.map((block, index) => {
      switch (block.type) {
        case 'heading': {
          const level = Math.min(6, block.level + topHeadingLevel - 1) as 1 | 2 | 3 | 4 | 5 | 6;
          return (
            <Typography
              key={index}
              id={block.id}
              component={`h${level}`}
              variant={VARIANTS[block.level]}
              sx={{ mt: block.level === 1 ? 5 : 3, mb: 1.5, scrollMarginTop: 136, '&:first-of-type': { mt: 0 } }}
            >
              {inline(block.children)}
            </Typography>
          );
        }
        case 'paragraph':
          return (
            <Typography key={index} component="p" sx={{ mb: 1.5, lineHeight: 1.7 }}>
              {inline(block.children)}
            </Typography>
          );
        case 'list':
          return (
            <Box
              key={index}
              component={block.ordered ? 'ol' : 'ul'}
              start={block.ordered && block.start !== 1 ? block.start : undefined}
              sx={{ mt: 0, mb: 1.5, pl: 3, lineHeight: 1.7, '& li': { mb: 0.5 } }}
            >
              {block.items.map(item)}
            </Box>
          );
        case 'quote':
          return (
            <Box
              key={index}
              component="blockquote"
              sx={{
                m: 0,
                mb: 2,
                py: 1,
                px: 2,
                borderLeft: 4,
                borderColor: 'info.main',
                bgcolor: 'action.hover',
                borderRadius: 1,
                '& > :last-child': { mb: 0 },
              }}
            >
              {render(block.blocks)}
            </Box>
          );
        case 'code':
          return (
            <Box key={index} component="pre" sx={{ m: 0, mb: 2, p: 2, overflowX: 'auto', borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.875rem' }}>
              <code>{block.text}</code>
            </Box>
          );
        case 'table':
          return (
            <Box key={index} sx={{ mb: 2, overflowX: 'auto' }}>
              <Box
                component="table"
                sx={{ borderCollapse: 'collapse', '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, verticalAlign: 'top' } }}
              >
                <thead>
                  <tr>
                    {block.header.map((cell, cellIndex) => (
                      <Box component="th" key={cellIndex} sx={{ textAlign: block.align[cellIndex] ?? 'left' }}>
                        {inline(cell)}
                      </Box>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {block.rows.map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      {row.map((cell, cellIndex) => (
                        <Box component="td" key={cellIndex} sx={{ textAlign: block.align[cellIndex] ?? 'left' }}>
                          {inline(cell)}
                        </Box>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          );
        case 'rule':
          return <Divider key={index} sx={{ my: 3 }} />;
      }
    });

  return <>{render(blocks)}</>;
}
