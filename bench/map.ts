/**
 * `npm run bench:map`: time to first render of the work-space map layer with 5,000 and 50,000 instruments in headless
 * Chromium, against a baseline measured in the same run: a bare OpenLayers vector layer of the same points with a
 * plain circle style (no clustering, no icons, no level colours).
 *
 * The page (bench/map-page) is built with Vite from the work space's own layer code (`createInstrumentLayerParts`,
 * `instrumentFeatures`, `createInstrumentStyle`) — not the whole app, so no server, sign-in or instrument fetch is
 * timed — and served from a loopback port. Each run makes a new 1280 × 800 map on the overview of the points (a
 * 24 × 16 km area, the work space's view of a line's contracts), waits for the empty map to render, then times from
 * making the features to the map's `rendercomplete`. Variants alternate; one warm-up run of each (icons decoded,
 * code compiled) is not counted; the median of BENCH_RUNS runs (default 7) is reported. BENCH_SIZES overrides the
 * instrument counts (comma-separated), BENCH_ZOOM_IN zooms in that many levels from the overview.
 *
 *   npm run bench:map
 *   BENCH_RUNS=11 BENCH_SIZES=5000,50000,100000 npm run bench:map
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags of the end-to-end runs (e2e/support/browser.ts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const VARIANTS = ['workspace', 'baseline'] as const;
type Variant = (typeof VARIANTS)[number];
/** What bench/map-page/main.ts puts on the page's window. */
interface BenchWindow {
  benchMap: (variant: Variant, n: number, zoomIn?: number) => Promise<number>;
  benchReady: boolean;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const target = file.endsWith('/') ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !existsSync(target) || !statSync(target).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
    }),
  );
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const runs = env('BENCH_RUNS', 7);
  const zoomIn = env('BENCH_ZOOM_IN', 0);
  const sizes = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
  const out = mkdtempSync(path.join(tmpdir(), 'strata-bench-map-'));
  try {
    console.log('building the bench page…');
    await build({
      root: path.join(here, 'map-page'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
    });
    const { server, url } = await serve(out);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      page.on('pageerror', (error) => console.error('page error:', error.message));
      await page.goto(url);
      await page.waitForFunction(() => (globalThis as unknown as BenchWindow).benchReady === true);
      console.log(`Chromium ${browser.version()}, ${runs} runs per case (median), overview${zoomIn ? ` + ${zoomIn} zoom levels` : ''}\n`);
      const rows: string[] = [];
      for (const n of sizes) {
        const times: Record<Variant, number[]> = { workspace: [], baseline: [] };
        for (const variant of VARIANTS)
          await page.evaluate(([v, count, z]) => (globalThis as unknown as BenchWindow).benchMap(v, count, z), [variant, n, zoomIn] as const); // warm-up
        for (let i = 0; i < runs; i++) {
          // Alternate which goes first, so both see the same machine.
          for (const variant of i % 2 ? [...VARIANTS].reverse() : VARIANTS) {
            times[variant].push(
              await page.evaluate(([v, count, z]) => (globalThis as unknown as BenchWindow).benchMap(v, count, z), [variant, n, zoomIn] as const),
            );
          }
        }
        const ws = median(times.workspace);
        const base = median(times.baseline);
        const line = `${n.toLocaleString('en')} instruments: work-space layer ${ws.toFixed(0)} ms, bare vector layer ${base.toFixed(0)} ms, ratio ${(ws / base).toFixed(2)}`;
        console.log(line);
        console.log(
          `  runs (ms): work space ${times.workspace.map((t) => t.toFixed(0)).join(', ')}; baseline ${times.baseline.map((t) => t.toFixed(0)).join(', ')}`,
        );
        rows.push(`| ${n.toLocaleString('en')} | ${ws.toFixed(0)} | ${base.toFixed(0)} | ${(ws / base).toFixed(2)} |`);
      }
      console.log('\n| instruments | work-space layer (ms) | bare vector layer (ms) | ratio |\n|---|---|---|---|');
      for (const row of rows) console.log(row);
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
