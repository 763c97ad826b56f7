import { router } from '../lib/router.svelte';

/** One line of the command palette. */
export interface PaletteCommand {
  id: string;
  label: string;
  group: string;
  /** As shown beside it ("P", "G D"). */
  shortcut?: string;
  /** More words it answers to when typed. */
  keywords?: string[];
  disabled?: boolean;
  hint?: string;
  run: () => void;
}

/**
 * The palette (Ctrl/Cmd+K): open or not, and the screens' sources of commands in context. A screen
 * adds a source while mounted (the Work orders screen: actions on the selection or the open order),
 * so the palette always offers what can be done where the coordinator is.
 */
class Palette {
  open = $state(false);
  #sources = new Set<() => PaletteCommand[]>();

  addSource(source: () => PaletteCommand[]): () => void {
    this.#sources.add(source);
    return () => this.#sources.delete(source);
  }

  commands(): PaletteCommand[] {
    return [...this.#sources].flatMap((source) => source());
  }
}

export const palette = new Palette();

/**
 * An order asked for from anywhere (the palette's "go to order"): the Work orders screen opens it
 * when it is mounted, or as soon as it mounts.
 */
class OrderRequest {
  id = $state<number | undefined>();

  /** Opens the order in the Work orders screen, from wherever the coordinator is. */
  open(id: number): void {
    this.id = id;
    router.go('work-orders');
  }

  /** Takes the request, once. */
  take(): number | undefined {
    const id = this.id;
    this.id = undefined;
    return id;
  }
}

export const orderRequest = new OrderRequest();
