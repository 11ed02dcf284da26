import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The web app: `npm run dev -w @strata/web` serves it with `/api` (and its websocket) proxied to the API on :8080. */
export default defineConfig({
  root,
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/ },
            // Only the pages with charts load it (the pipeline dashboard): not in the vendor chunk every page loads.
            // Only map pages load OpenLayers and its helpers.
            { name: 'ol', test: /node_modules[\\/](ol|rbush|quickselect|earcut|color-space|color-rgba|color-parse|color-name|pbf|geotiff)[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
