// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import CacheUpgrade from '../../../src-renderer/components/CacheUpgrade.svelte';
import { cacheUpgrade } from '../../../src-renderer/state/cache-upgrade.svelte';
import { api } from '../support/fake-api';
import { render, screen } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const step = { label: 'Rebuilding the search index', done: 340_000, total: 1_000_000, finished: false };

describe('CacheUpgrade', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('says why the screens wait and how far the cache is, until main says it finished', () => {
    api.reset();
    stops.push(cacheUpgrade.start());
    api.emit('cache:did-progress', step);
    expect(cacheUpgrade.progress).toEqual(step);
    render(CacheUpgrade, { progress: cacheUpgrade.progress as typeof step });
    expect(screen.getByRole('status').textContent).toContain('Updating the offline cache after the update');
    expect(screen.getByRole('status').textContent).toContain('Rebuilding the search index: 340,000 of 1,000,000 orders.');
    const bar = screen.getByRole('progressbar', { name: 'Rebuilding the search index' });
    expect(bar.getAttribute('aria-valuenow')).toBe('340000');
    expect(bar.getAttribute('aria-valuetext')).toBe('340,000 of 1,000,000 orders');
    api.emit('cache:did-progress', { ...step, done: 1_000_000, finished: true });
    expect(cacheUpgrade.progress).toBeUndefined();
  });
});
