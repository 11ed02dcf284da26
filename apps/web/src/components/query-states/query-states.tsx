import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../feedback';
import { ApiError, isNotFound } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';

/**
 * A failed fetch: "Failed to fetch data" (or the server's message for a 4xx) with a retry. A not-found answer (404)
 * is the not-found state: `notFound` (the page's own words), else the server's message, and never a retry.
 */
export function LoadError({ error, onRetry, notFound }: { error: unknown; onRetry?: () => void; notFound?: string }) {
  const { t } = useTranslation();
  const missing = isNotFound(error);
  const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 && typeof error.body === 'string' ? translateMessage(error.body) : null;
  return (
    <AppAlert
      type="error"
      message={(missing ? notFound : undefined) ?? detail ?? t(missing ? 'messages.notFound' : 'messages.failedToFetch')}
      action={
        onRetry &&
        !missing && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}

/** A spinner in a section while its data loads. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3, justifyContent: 'center' }}>
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label ?? t('common.loading')}</Typography>
    </Box>
  );
}

/** The text of an empty list. */
export function EmptyText({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {children ?? t('messages.noData')}
    </Typography>
  );
}
