import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 20_000, hookTimeout: 20_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/renderer/**', 'node_modules/**'],
          environment: 'node',
          ...shared,
        },
      },
      {
        // The renderer's rune state classes: compiled by Svelte for the browser and resolved as the
        // browser build (the server build has no reactivity). The environment, not the resolve
        // conditions, decides how Svelte compiles: see client-environment.ts and the guard test
        // runes-client.svelte.test.ts. Kept apart: ws and undici would take their browser stubs.
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.ts'],
          environment: './test/renderer/client-environment.ts',
          ...shared,
        },
      },
    ],
  },
});
