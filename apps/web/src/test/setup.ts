import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { DEFAULT_TIMEZONE } from '@strata/shared';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetActiveContracts } from '../lib/active-contracts';
import { sessionStore } from '../lib/auth-store';
import { setDisplayTimeZone } from '../lib/display-time';
import { i18n } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { routeActionStore } from '../lib/route-actions';
import { systemStore } from '../lib/system-store';
import { server } from './server';

// What a test waits for (findBy…, waitFor) may take longer than the library's 1 s when the machine is busy: the first
// render of a file pays for importing the lazily loaded frame and pages. A wait ends as soon as the thing shows.
configure({ asyncUtilTimeout: 5000 });

// The app retries a query that failed with a 5xx or no answer twice, with a back-off (lib/query-client.ts): a test of
// an error state would wait about 3 s for it. Tests see the first failure; lib/query-client.test.ts tests the retries.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStore.reset();
  systemStore.reset();
  resetActiveContracts();
  routeActionStore.reset();
  queryClient.clear();
  setNavigator(null);
  setDisplayTimeZone(DEFAULT_TIMEZONE);
  await i18n.changeLanguage('en');
});

afterAll(() => server.close());
