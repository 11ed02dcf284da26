import { test, type BrowserContext, type Page } from '@playwright/test';

const MAX_LINES = 60;

/** What each open page said while the current test ran: console errors, page errors, API answers ≥ 400. */
const watched = new Map<Page, string[]>();

/** Records what goes wrong on every page of the context, for the failure report (see `reportOnFailure`). */
export function watchContext(context: BrowserContext): void {
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
}

function watchPage(page: Page): void {
  if (watched.has(page)) return;
  const lines: string[] = [];
  watched.set(page, lines);
  const add = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > MAX_LINES) lines.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') add(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => add(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) add(`${response.request().method()} ${response.url()} -> ${response.status()}`);
  });
  page.on('requestfailed', (request) => add(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? ''}`));
  page.on('close', () => watched.delete(page));
}

/**
 * Call once at the top of every spec file: when one of its tests fails, a screenshot of every page still open is
 * attached to the test (under .artifacts/test-results, listed in the report) and, on stderr, each page's URL, visible
 * text and recorded errors — so a red CI run says what the browser saw.
 */
export function reportOnFailure(): void {
  test.beforeEach(() => {
    for (const lines of watched.values()) lines.length = 0;
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    let n = 0;
    for (const [page, lines] of watched) {
      n += 1;
      const shot = await page.screenshot({ fullPage: true, timeout: 5_000 }).catch(() => undefined);
      if (shot) await testInfo.attach(`failed-page-${n}`, { body: shot, contentType: 'image/png' });
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(no text)');
      process.stderr.write(
        `\n--- failed "${testInfo.title}" (attempt ${testInfo.retry + 1}): page ${n} at ${page.url()}\n` +
          `--- visible text:\n${text.slice(0, 1500)}\n--- recorded errors:\n${lines.join('\n') || '(none)'}\n`,
      );
    }
  });
}
