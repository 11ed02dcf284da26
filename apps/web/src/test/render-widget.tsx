import { CacheProvider } from '@emotion/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { FeedbackProvider } from '../components/feedback';
import '../lib/dayjs';
import { detachedStyleCache } from './style-cache';

const theme = createTheme();

function Providers({ children }: { children: ReactNode }) {
  // A query client of its own (widgets reading the configuration, e.g. its time zone; nothing is fetched before sync).
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en">
          <FeedbackProvider>{children}</FeedbackProvider>
        </LocalizationProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** The same, its styles in a detached element (test/style-cache.ts). */
function DetachedStylesProviders({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={detachedStyleCache()}>
      <Providers>{children}</Providers>
    </CacheProvider>
  );
}

export interface RenderWidgetOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Render inside a memory router at this URL (for widgets that read or write the query string). */
  url?: string;
  /** Fake timers are on: user-event advances them. */
  fakeTimers?: boolean;
  /** The styles in document.head, for a test that looks at them (see RenderAppOptions.styles). */
  styles?: boolean;
}

/**
 * One widget with what the app puts around it (query client, theme, date pickers, toasts and dialogs), and a user-event
 * session. With `url`, inside a memory router; `location()` then gives the current path and query.
 */
export function renderWidget(ui: ReactElement, { url, fakeTimers = false, styles = false, ...options }: RenderWidgetOptions = {}) {
  const wrapper = styles ? Providers : DetachedStylesProviders;
  // Without the pointer-events check, as in renderApp (test/render-app.tsx).
  const user = userEvent.setup({
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    ...(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {}),
  });
  if (url === undefined) {
    return { ...render(ui, { wrapper, ...options }), user, router: undefined, location: () => '' };
  }
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />, { wrapper, ...options });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, user, router, location };
}
