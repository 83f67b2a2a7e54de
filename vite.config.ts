import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/**
 * Writes .gz and .br beside every text asset, so the server sends compressed files without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    // After the files are written, so the compressed copies hold the final code (Vite rewrites
    // chunks until the very end of generateBundle).
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|wasm)$/.test(fileName)) continue;
        const bytes = readFileSync(join(outDir, fileName));
        if (bytes.length < 1024) continue;
        writeFileSync(join(outDir, `${fileName}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(join(outDir, `${fileName}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
      '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
      '@widgets': fileURLToPath(new URL('./field-widgets', import.meta.url)),
    },
  },
  // The barcode decoder runs in a module worker (it imports zxing-wasm).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the bundle-budget test follows.
    manifest: true,
    // Dependencies of the first screen stay in the entry chunk; everything else splits by route.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
