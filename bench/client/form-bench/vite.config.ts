import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Builds the form benchmark page (bench/client/forms.ts serves it to Chromium). */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  resolve: {
    alias: {
      '@': `${repo}src`,
      '@schemas': `${repo}schemas`,
      '@locales': `${repo}locales`,
      '@widgets': `${repo}field-widgets`,
      '@renderer': `${repo}renderer`,
    },
  },
  build: {
    outDir: process.env.FORM_BENCH_OUT ?? '/tmp/form-bench-dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: process.env.FORM_BENCH_MINIFY !== '0',
  },
});
