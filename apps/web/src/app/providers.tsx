import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackProvider } from '../components/feedback';
import '../lib/dayjs';
import { isLanguage, DEFAULT_LANGUAGE } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { useSystemState } from '../lib/system-store';
import { createAppTheme } from './theme';

function AppThemeProvider({ children }: { children: ReactNode }) {
  const darkTheme = useSystemState((state) => state.darkTheme);
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const theme = useMemo(() => createAppTheme(darkTheme ? 'dark' : 'light', lang), [darkTheme, lang]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang === 'zh' ? 'zh-cn' : 'en'}>
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
}

export interface AppProvidersProps {
  children: ReactNode;
  /**
   * Where the styles go: Emotion's default cache (document.head) unless given. Tests pass one that writes into a
   * detached element, so jsdom has no style sheets to cascade at every visibility check (test/style-cache.ts).
   */
  styleCache?: EmotionCache;
}

/**
 * Everything around the router: server state (the one query client the session code also uses),
 * theme (light/dark, language), baseline styles, date pickers, toasts and dialogs.
 */
export function AppProviders({ children, styleCache }: AppProvidersProps) {
  const providers = (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <FeedbackProvider>{children}</FeedbackProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
  return styleCache ? <CacheProvider value={styleCache}>{providers}</CacheProvider> : providers;
}
