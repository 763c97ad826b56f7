import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Explicit entries: the folder decides where code runs, so nothing is discovered by convention.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          // The Electron shell.
          index: resolve(__dirname, 'src-main/index.ts'),
          // Browser mode: the same app in plain Node, served to a browser (no electron import).
          'web-host': resolve(__dirname, 'src-main/web-host/main.ts'),
          // The local marketplace on its own (npm run marketplace), and the thread the app runs it in.
          marketplace: resolve(__dirname, 'src-main/local-marketplace/cli.ts'),
          'marketplace-worker': resolve(__dirname, 'src-main/local-marketplace/worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.mjs') })],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified; the start's scripts were 1.45 MB (0.67 MB minified).
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-renderer/index.html') },
      },
    },
  },
});
