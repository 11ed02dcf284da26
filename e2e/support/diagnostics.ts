import type { BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach } from 'vitest';

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');
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

const fileSafe = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);

/**
 * When a test fails: a screenshot of every page still open (`.artifacts/failed-<test>-<n>.png`) and, on stderr,
 * each page's URL and recorded errors — so a red CI run says what the browser saw.
 */
export function reportOnFailure(): void {
  beforeEach(({ task, onTestFailed }) => {
    for (const lines of watched.values()) lines.length = 0;
    onTestFailed(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      let n = 0;
      for (const [page, lines] of watched) {
        n += 1;
        const file = path.join(ARTIFACTS, `failed-${fileSafe(task.name)}-${n}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
        const text = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch(() => '(no text)');
        process.stderr.write(
          `\n--- failed "${task.name}": page ${n} at ${page.url()} (${file})\n` +
            `--- visible text:\n${text.slice(0, 1500)}\n--- recorded errors:\n${lines.join('\n') || '(none)'}\n`,
        );
      }
    });
  });
}
