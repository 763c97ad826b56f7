/** A short message at the foot of the window; an undo shows as a button beside it. */
export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'danger';
  /** Undo within the toast's life: the outbox still holds the change. */
  undo?: () => Promise<void>;
  /** Another button: "Open" the order a refusal is about. */
  action?: { label: string; run: () => void };
  /** How long it stays, in ms; a toast with an undo stays as long as the undo window. */
  durationMs: number;
}

const DEFAULT_DURATION_MS = 4_000;

/** The app's toasts, newest last; each removes itself when its time is up. */
class Toasts {
  items = $state.raw<Toast[]>([]);
  #next = 1;
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  show(toast: Omit<Toast, 'id' | 'durationMs' | 'tone'> & Partial<Pick<Toast, 'durationMs' | 'tone'>>): number {
    const id = this.#next++;
    const full: Toast = { tone: 'info', durationMs: DEFAULT_DURATION_MS, ...toast, id };
    this.items = [...this.items.slice(-4), full];
    this.#timers.set(id, setTimeout(() => this.dismiss(id), full.durationMs));
    return id;
  }

  /**
   * A change the outbox holds for the undo window (`undoSeconds`, the coordinator's setting): a
   * success toast with Undo for as long; a plain one when there is no window. Undo discards it and
   * says so.
   */
  showUndoable(message: string, undoSeconds: number, discard: () => Promise<unknown>): number {
    if (undoSeconds === 0) return this.show({ tone: 'success', message });
    return this.show({
      tone: 'success',
      message,
      durationMs: undoSeconds * 1000,
      undo: async () => {
        await discard();
        this.show({ message: `Undone: ${message}` });
      },
    });
  }

  /** Ctrl/Cmd+Z: the newest toast that can still be undone. */
  async undoLatest(): Promise<boolean> {
    const toast = this.items.findLast((candidate) => candidate.undo);
    if (!toast?.undo) return false;
    this.dismiss(toast.id);
    await toast.undo();
    return true;
  }

  dismiss(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.items = this.items.filter((toast) => toast.id !== id);
  }
}

export const toasts = new Toasts();
