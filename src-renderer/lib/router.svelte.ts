/**
 * Every screen of the app, by id. Declared here as a type so any layer can name a screen to go to;
 * `src-renderer/screens.ts` registers each one (its label, icon, key and view), and its type check
 * fails when one is missing.
 */
export type ScreenId = 'work-orders' | 'inbox' | 'dispatch' | 'deliverables' | 'locations' | 'talent-pools' | 'webhooks' | 'insights' | 'outbox' | 'settings';

export const DEFAULT_SCREEN: ScreenId = 'work-orders';

/** The current screen, kept in the address (`#/settings`) so a reload stays where you were. */
class Router {
  current = $state<ScreenId>(DEFAULT_SCREEN);
  #known: ReadonlySet<string> = new Set([DEFAULT_SCREEN]);

  /** The registry's screens (App, at start): an address naming another goes to the default. */
  start(known: readonly ScreenId[]): () => void {
    this.#known = new Set(known);
    this.current = this.#read();
    const onHashChange = () => (this.current = this.#read());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }

  go(id: ScreenId): void {
    this.current = id;
    history.replaceState(null, '', `#/${id}`);
  }

  #read(): ScreenId {
    const id = /^#\/([a-z-]+)/.exec(window.location.hash)?.[1];
    return id !== undefined && this.#known.has(id) ? (id as ScreenId) : DEFAULT_SCREEN;
  }
}

export const router = new Router();
