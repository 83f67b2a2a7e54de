import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/**
 * Writes .gz and .br beside every text asset, so the server sends compressed files without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < 1024) continue;
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipSync(bytes, { level: 9 }) });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) });
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
    },
  },
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
