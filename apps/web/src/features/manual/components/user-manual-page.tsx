import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Language } from '@strata/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { manualContents, manualDocuments, type ManualDocument } from '../manual-documents';
import { MarkdownView, type ResolvedLink } from './markdown-view';
import { UploadedDocuments } from './uploaded-documents';

/** Paths served by the server itself rather than by the app's router. */
const SERVER_PATHS = /^\/(\.well-known|api)\//;

export function resolveManualLink(href: string, documents: readonly ManualDocument[], lang: Language): ResolvedLink {
  if (href.startsWith('#')) return { kind: 'anchor', id: decodeURIComponent(href.slice(1)) };
  const file = /^(?:\.\/)?([\w.-]+\.md)(?:#(.*))?$/.exec(href);
  if (file) {
    const anchor = file[2] ?? documents.find((document) => document.file === file[1])?.anchor;
    if (anchor) return { kind: 'anchor', id: decodeURIComponent(anchor) };
  }
  if (href.startsWith('/') && !SERVER_PATHS.test(href)) return { kind: 'route', to: localePath(lang, href) };
  return { kind: 'external', href };
}

function scrollToHeading(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  return true;
}

/** `/user-manual`: the manual, rendered from the Markdown files of `docs/user-manual/`, with its contents. */
export function UserManualPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const contents = manualContents(manualDocuments);

  const goTo = useCallback(
    (id: string) => {
      if (scrollToHeading(id)) void navigate({ hash: id }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // Opening the page with an anchor scrolls to it once; later anchors scroll on click.
  const [openingHash] = useState(hash);
  useEffect(() => {
    if (openingHash.length > 1) scrollToHeading(decodeURIComponent(openingHash.slice(1)));
  }, [openingHash]);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 280px' },
        alignItems: 'start',
        maxWidth: 1200,
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, order: { lg: 2 }, position: { lg: 'sticky' }, top: { lg: 136 } }}>
        <UploadedDocuments />
        <Paper component="nav" variant="outlined" aria-labelledby="manual-contents-title" sx={{ p: 2 }}>
          <Typography id="manual-contents-title" variant="overline" component="h2" color="text.secondary">
            {t('manual.contents')}
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {contents.map((heading) => (
              <Box component="li" key={heading.id} sx={{ pl: heading.level === 1 ? 0 : 2, py: 0.25 }}>
                <Link
                  href={`#${heading.id}`}
                  underline="hover"
                  color={heading.level === 1 ? 'text.primary' : 'text.secondary'}
                  variant="body2"
                  sx={{ fontWeight: heading.level === 1 ? 600 : 400 }}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(heading.id);
                  }}
                >
                  {heading.text}
                </Link>
              </Box>
            ))}
          </Box>
        </Paper>
      </Box>
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 4 }, order: { lg: 1 } }}>
        {lang !== 'en' && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('manual.englishOnly')}
          </Alert>
        )}
        {manualDocuments.length === 0 && <Typography color="text.secondary">{t('messages.noData')}</Typography>}
        {manualDocuments.map((document) => (
          <Box component="section" key={document.file} sx={{ '& + &': { mt: 6 } }}>
            <MarkdownView blocks={document.blocks} resolveLink={(href) => resolveManualLink(href, manualDocuments, lang)} onAnchor={goTo} />
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
