import { DEFAULT_SCREEN, type ScreenId, screenById } from './screens';

/** The current screen, kept in the address (`#/settings`) so a reload stays where you were. */
class Router {
  current = $state<ScreenId>(DEFAULT_SCREEN);

  constructor() {
    if (typeof window === 'undefined') return;
    this.current = readHash();
    window.addEventListener('hashchange', () => (this.current = readHash()));
  }

  go(id: ScreenId): void {
    this.current = id;
    history.replaceState(null, '', `#/${id}`);
  }
}

function readHash(): ScreenId {
  const match = /^#\/([a-z-]+)/.exec(window.location.hash);
  return (match && screenById(match[1] ?? '')?.id) || DEFAULT_SCREEN;
}

export const router = new Router();
