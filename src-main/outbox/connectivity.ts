import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';

export type ConnectivityState = ConnectivityStatus['state'];

export interface ConnectivityOptions {
  /** How often to knock while offline, first; it doubles up to `maxProbeMs`. */
  probeMs?: number;
  maxProbeMs?: number;
  now?: () => number;
}

/**
 * Online or offline as requests see it, plus the coordinator's "Work offline" switch. While
 * offline a light probe knocks now and then; the first answer of any kind means online again.
 * The probe is handed in when a connection exists, and taken away when it closes.
 */
export class Connectivity {
  #network: 'online' | 'offline' = 'online';
  #workingOffline = false;
  #since: number;
  #probe: (() => Promise<boolean>) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #delay: number;
  readonly #listeners = new Set<() => void>();
  readonly #now: () => number;

  constructor(private readonly options: ConnectivityOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#since = this.#now();
    this.#delay = options.probeMs ?? 5_000;
  }

  get state(): ConnectivityState {
    if (this.#workingOffline) return 'working-offline';
    return this.#network;
  }

  get since(): number {
    return this.#since;
  }

  /** Whether sends may go: online, and not working offline. */
  get open(): boolean {
    return this.state === 'online';
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  setWorkingOffline(offline: boolean): void {
    if (this.#workingOffline === offline) return;
    this.#workingOffline = offline;
    this.#changed();
    this.#schedule();
  }

  reportSuccess(): void {
    this.#setNetwork('online');
  }

  reportNetworkFailure(): void {
    this.#setNetwork('offline');
  }

  /** The probe of the current connection, or undefined when there is none (no probing then). */
  setProbe(probe: (() => Promise<boolean>) | undefined): void {
    this.#probe = probe;
    this.#schedule();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#probe = undefined;
  }

  #setNetwork(state: 'online' | 'offline'): void {
    if (this.#network === state) return;
    this.#network = state;
    if (state === 'online') this.#delay = this.options.probeMs ?? 5_000;
    this.#changed();
    this.#schedule();
  }

  #changed(): void {
    this.#since = this.#now();
    for (const listener of this.#listeners) listener();
  }

  #schedule(): void {
    if (this.#timer || this.#network === 'online' || this.#workingOffline || !this.#probe) return;
    const probe = this.#probe;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      probe().then(
        (answered) => {
          if (answered) this.#setNetwork('online');
          else {
            this.#delay = Math.min(this.options.maxProbeMs ?? 60_000, this.#delay * 2);
            this.#schedule();
          }
        },
        () => this.#schedule(),
      );
    }, this.#delay);
    this.#timer.unref();
  }
}
