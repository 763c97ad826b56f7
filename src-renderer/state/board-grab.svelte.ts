import { formatMoment } from '../../src-shared/domain/moments';
import { movedSpan, STEP_MINUTES } from '../lib/board-time';
import type { DispatchBoardState } from './dispatch-board.svelte';

/** An order picked up by keyboard: where it would go if dropped now. */
export interface Grab {
  orderId: number;
  from: 'tray' | 'block';
  /** The provider row it is over (an index into the board's providers). */
  row: number;
  /** How far it moved in time, in days and minutes at the site (blocks only). */
  days: number;
  minutes: number;
}

/**
 * Dragging by keyboard (the WAI-ARIA pattern of a sortable list): Space or Enter picks an order up,
 * the arrows move it (up and down between providers, left and right in time by the period's step,
 * a day with Shift), Enter drops it and Escape puts it back. Each step is said in `announcement`,
 * which the board reads out in a live region.
 */
export class BoardGrab {
  grab = $state.raw<Grab | undefined>();
  announcement = $state('');
  readonly #board: DispatchBoardState;

  constructor(board: DispatchBoardState) {
    this.#board = board;
  }

  pick(orderId: number, from: 'tray' | 'block'): void {
    const order = this.#board.findOrder(orderId);
    if (!order) return;
    const providerId = from === 'block' ? this.#board.block(orderId)?.providerId : undefined;
    const row = Math.max(0, this.#board.providers.findIndex((provider) => provider.id === providerId));
    this.grab = { orderId, from, row, days: 0, minutes: 0 };
    const how = from === 'tray' ? 'Up and down choose a provider' : 'Up and down choose a provider, left and right move it in time (Shift: a day)';
    this.announcement = `Picked up #${order.id} ${order.title}. ${how}; Enter drops it, Escape puts it back. ${this.#where()}`;
  }

  /** Handles a key while an order is picked up; answers whether it was the grab's. */
  key(event: KeyboardEvent): boolean {
    const grab = this.grab;
    if (!grab) return false;
    const step = STEP_MINUTES[this.#board.period.kind];
    const providers = this.#board.providers.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const row = Math.min(providers - 1, Math.max(0, grab.row + (event.key === 'ArrowDown' ? 1 : -1)));
      this.grab = { ...grab, row };
    } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && grab.from === 'block') {
      const sign = event.key === 'ArrowRight' ? 1 : -1;
      this.grab = event.shiftKey ? { ...grab, days: grab.days + sign } : { ...grab, minutes: grab.minutes + sign * step };
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.drop();
      return true;
    } else if (event.key === 'Escape') {
      this.cancel();
      return true;
    } else return event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    this.announcement = this.#where();
    return true;
  }

  drop(): void {
    const grab = this.grab;
    if (!grab) return;
    this.grab = undefined;
    const provider = this.#board.providers[grab.row];
    if (!provider) return;
    this.announcement = '';
    if (grab.from === 'tray') this.#board.dropTray(grab.orderId, provider.id);
    else this.#board.dropBlock(grab.orderId, provider.id, grab.minutes, grab.days);
  }

  cancel(): void {
    if (!this.grab) return;
    this.grab = undefined;
    this.announcement = 'Put back; nothing changed.';
  }

  /** "Over Grace Kim, starts Tue, Dec 1 10:00 PST": where a drop would put it. */
  #where(): string {
    const grab = this.grab;
    const order = grab && this.#board.findOrder(grab.orderId);
    const provider = grab && this.#board.providers[grab.row];
    if (!grab || !order || !provider) return '';
    const start = movedSpan(order, grab.minutes, grab.days).start;
    return `Over ${provider.name}, starts ${formatMoment(start, this.#board.period.zone)}.`;
  }
}
