import type { Environment } from 'vitest/environments';

/**
 * Node globals, but modules transformed for the browser: the node environment would have Svelte
 * compile the rune classes for the server, where `$effect.root` never runs, `flushSync` does
 * nothing and `$derived` is recomputed on every read, so no test would see real reactivity.
 */
export default {
  name: 'renderer-client',
  viteEnvironment: 'client',
  setup() {
    return { teardown() {} };
  },
} satisfies Environment;
