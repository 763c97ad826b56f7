import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 20_000, hookTimeout: 20_000 };

/** The node tests that mock a module (vi.mock): isolated, so the mock reaches no other file. */
const MOCKING = ['test/main/app/session-and-sync.test.ts', 'test/main/electron/desktop-integration.test.ts', 'test/main/electron/shell.test.ts', 'test/main/web-host/stage-dropped-file.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        // Main, the marketplace and the shared rules: one module graph per worker, not one per file
        // (isolated, the imports took more time than the tests). A file that mocks a module needs
        // its own graph: it runs in the next project.
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/renderer/**', 'node_modules/**', ...MOCKING],
          environment: 'node',
          isolate: false,
          ...shared,
        },
      },
      {
        test: {
          name: 'node-mocking',
          include: [...MOCKING],
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
