import type { CacheProgress } from '../../src-shared/ipc/cache-progress';
import { on } from '../lib/api';

/**
 * The cache being brought up to date after an update that rewrites every order (main says how far,
 * batch by batch): the screens wait for it, so the coordinator is told why and how long.
 */
class CacheUpgrade {
  progress = $state.raw<CacheProgress | undefined>();

  start(): () => void {
    return on('cache:did-progress', (progress) => {
      this.progress = progress.finished ? undefined : progress;
    });
  }
}

export const cacheUpgrade = new CacheUpgrade();
