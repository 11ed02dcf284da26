import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/** What is worth compressing: text. Smaller files gain less than the headers weigh. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
  return nested.flat();
}

/**
 * After the build, a brotli (quality 11, the slowest and smallest: done once per build) and a gzip copy of every
 * text file over 1 KiB, as `<file>.br` and `<file>.gz` beside it. The server sends them by Accept-Encoding
 * (apps/server/src/plugins/web.ts), so nothing is compressed per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'strata:precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? outDir;
      const files = (await filesBelow(dir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
          const content = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/** The web app: `npm run dev -w @strata/web` serves it with `/api` (and its websocket) proxied to the API on :8080. */
export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The shared package's modules only declare (schemas, constants, functions): one a page does not use can be
        // left out whole. Without this, coordinates.ts (it makes its proj4 converter on load) brought proj4 into
        // every page through the package's index.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments. Only what the
        // first page needs is grouped by library; the rest is split where the pages use it, so a page loads the
        // parts of MUI it draws and no page loads maps or charts it does not draw.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What the entry imports (the sign-in page, the providers): MUI, emotion and the other libraries apart.
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/, tags: ['$initial'] },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            { name: 'shared', test: /[\\/]packages[\\/]shared[\\/]/, tags: ['$initial'] },
            // The query keys and the preferences query every page reaches, with what they import (the API client, the
            // common schemas): one chunk, not six of under 1 kB each (about 400 bytes of headers apiece).
            { name: 'app-core', test: /[\\/]apps[\\/]web[\\/]src[\\/](lib[\\/]query-keys|features[\\/]account[\\/]api[\\/](keys|get-preferences))\./ },
            // The other MUI components by the set of pages using them, small sets merged: fewer tiny requests.
            { name: 'mui-parts', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 24 * 1024 },
            // Only map pages load OpenLayers and its helpers.
            { name: 'ol', test: /node_modules[\\/](ol|rbush|quickselect|earcut|color-space|color-rgba|color-parse|color-name|pbf|geotiff)[\\/]/ },
            // Only the pages with charts load ECharts; its renderer (zrender) apart, so neither chunk is over 500 kB.
            { name: 'zrender', test: /node_modules[\\/](zrender|tslib)[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/]echarts[\\/]/ },
          ],
        },
      },
    },
  },
});
