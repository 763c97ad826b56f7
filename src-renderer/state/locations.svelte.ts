import type { SavedLocation } from '../../src-shared/api/location';
import { AppError } from '../../src-shared/errors';
import * as service from '../services/locations';

/**
 * The Locations screen: the search, the saved locations it finds (from the cache), and which one
 * is being edited (`'new'` for a new one). Re-reads whenever main announces a change; follows a
 * temporary id to the real one when the marketplace answers a create.
 */
export class LocationsState {
  query = $state('');
  results = $state.raw<SavedLocation[]>([]);
  loaded = $state(false);
  error = $state<string | undefined>();
  selectedId = $state<number | 'new' | undefined>();
  #sequence = 0;

  selected = $derived(typeof this.selectedId === 'number' ? this.results.find((location) => location.id === this.selectedId) : undefined);

  start(): () => void {
    const stop = service.followLocationChanges((renamed) => {
      const moved = renamed.find((rename) => rename.from === this.selectedId);
      if (moved) this.selectedId = moved.to;
      void this.refresh();
    });
    void this.refresh();
    return stop;
  }

  search(text: string): void {
    this.query = text;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const results = await service.searchLocations(this.query.trim());
      if (sequence !== this.#sequence) return;
      this.results = results;
      this.loaded = true;
      this.error = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = error instanceof AppError ? error.message : 'The saved locations could not be read.';
    }
  }
}
