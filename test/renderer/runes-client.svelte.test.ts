import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';

// Guards the renderer project's environment: compiled for the server, $effect.root would never run
// its function and every state test here would pass without exercising reactivity.
describe('the renderer test project', () => {
  it('compiles runes for the browser: effects run, and flushSync flushes them', () => {
    let count = $state(0);
    const seen: number[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        seen.push(count);
      });
    });
    flushSync();
    count = 1;
    flushSync();
    stop();
    expect(seen).toEqual([0, 1]);
  });
});
