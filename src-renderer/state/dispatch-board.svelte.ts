import { ownZone } from '../../src-shared/domain/moments';
import type { BoardBlock, BoardOrder, BoardProvider, DispatchBoard, TrayOrder } from '../../src-shared/ipc/dispatch';
import { appState } from '../lib/app-state.svelte';
import { conflictsOf, outsideWindow, overlappingIds } from '../lib/board-conflicts';
import { group, indexById, placed, withMoves, type Moved } from '../lib/board-rows';
import { movedSpan, movedWindow, periodAt, periodOfDate, shiftPeriod, type Period, type PeriodKind } from '../lib/board-time';
import { messageOf } from '../lib/errors';
import { toasts } from '../lib/toasts.svelte';
import * as service from '../services/dispatch';
import { discardEntry } from '../services/outbox';
import { cacheChanges } from './cache-changes.svelte';
import { orderActions } from './order-actions.svelte';

/** How long scrolling must rest before the rows' schedules are checked. */
const CHECK_SETTLE_MS = 400;
/** A row's schedule is not asked for again sooner (main keeps a checked one ten minutes). */
const ASK_AGAIN_MS = 60_000;

/** A drop waiting for the coordinator: which verb for a tray order, or a confirmation (a reassign, a conflict). */
export interface DropPlan {
  kind: 'tray' | 'reassign' | 'reschedule';
  order: BoardOrder;
  provider: BoardProvider;
  /** How far a reschedule moves the window, in days and minutes at the site. */
  days: number;
  minutes: number;
  /** Where it would stand afterwards (epoch ms). */
  span: { start: number; end: number };
  conflicts: string[];
  /** For a tray order: the provider asked for it (a request or a counter-offer) / it is routed to them. */
  requested: boolean;
  routed: boolean;
}


/**
 * The dispatch board's state: the period, the board read from the cache, and the drops. Every drop
 * goes through the outbox (the order actions' assign, route and reassign, or a reschedule), shows at
 * once where it was dropped and has the undo window; a drop onto a conflict, a reassign and every
 * tray drop ask first. Created by the screen; `start()` answers its cleanup.
 */
export class DispatchBoardState {
  period = $state.raw<Period>(periodAt('day', Date.now(), ownZone()));
  board = $state.raw<DispatchBoard | undefined>();
  loaded = $state(false);
  error = $state<string | undefined>();
  search = $state('');
  /** The tray's other filters, as the list has them. */
  client = $state<number | undefined>();
  typeOfWork = $state<number | undefined>();
  plan = $state.raw<DropPlan | undefined>();
  /** The tray order a mouse is dragging, so the rows can say how far each provider is from its site. */
  carrying = $state<number | undefined>();
  moved = $state.raw<Readonly<Record<number, Moved>>>({});
  #sequence = 0;
  /** When each provider's schedule was last asked for: rows scrolled past again are not asked twice a minute. */
  // Bookkeeping nothing draws: a plain Map.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #asked = new Map<number, number>();
  #checkTimer: ReturnType<typeof setTimeout> | undefined;

  providers = $derived(this.board?.providers ?? []);
  tray = $derived(this.board?.tray ?? []);
  /** The answer's blocks by provider and by id: made once per read, not per drop. */
  #answered = $derived(group(this.board?.blocks ?? []));
  #byId = $derived(indexById(this.board?.blocks ?? []));
  /**
   * Each provider's blocks as they will be, each queued move already applied. A drop rebuilds only
   * the two rows it touches; every other row keeps its array, so nothing of it is drawn again.
   */
  byProvider = $derived(withMoves(this.#answered, this.#byId, this.moved));
  /** Which of a row's blocks overlap another of its own, worked out once per array of the row. */
  readonly #overlaps = new WeakMap<readonly BoardBlock[], Set<number>>();

  start(): () => void {
    void this.load();
    const unfollow = cacheChanges.follow(() => void this.load());
    return () => {
      unfollow();
      clearTimeout(this.#checkTimer);
    };
  }

  /**
   * The rows in view: their marketplace schedules are checked (main asks only for those not checked
   * in ten minutes), a moment after scrolling settles, and the board read again when any came in.
   */
  watchRows(providerIds: readonly number[]): void {
    clearTimeout(this.#checkTimer);
    this.#checkTimer = setTimeout(() => void this.#checkSchedules(providerIds), CHECK_SETTLE_MS);
  }

  async #checkSchedules(providerIds: readonly number[]): Promise<void> {
    const now = Date.now();
    const ids = providerIds.filter((id) => (this.#asked.get(id) ?? -Infinity) < now - ASK_AGAIN_MS);
    if (ids.length === 0) return;
    for (const id of ids) this.#asked.set(id, now);
    try {
      const { checked } = await service.checkSchedules(ids);
      if (checked > 0) void this.load();
    } catch {
      // Offline or signed out: the board shows the schedules as last checked, and says when.
    }
  }

  /** Another length of period, around today when the board shows it, else from the first day shown. */
  setKind(kind: PeriodKind): void {
    const now = Date.now();
    const anchor = now >= this.period.from && now < this.period.to ? now : this.period.from;
    this.period = periodAt(kind, anchor, this.period.zone);
    void this.load();
  }

  step(direction: -1 | 1): void {
    this.period = shiftPeriod(this.period, direction);
    void this.load();
  }

  today(): void {
    this.period = periodAt(this.period.kind, Date.now(), this.period.zone);
    void this.load();
  }

  /** The period holding a day typed in the date field; a half-typed date changes nothing. */
  goToDate(text: string): void {
    const period = periodOfDate(this.period.kind, text, this.period.zone);
    if (!period) return;
    this.period = period;
    void this.load();
  }

  setSearch(text: string): void {
    this.search = text;
    void this.load();
  }

  setFilter(key: 'client' | 'typeOfWork', value: number | undefined): void {
    this[key] = value;
    void this.load();
  }

  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    const search = this.search.trim();
    try {
      const board = await service.readBoard({
        from: this.period.from,
        to: this.period.to,
        ...(search ? { search } : {}),
        ...(this.client === undefined ? {} : { client: this.client }),
        ...(this.typeOfWork === undefined ? {} : { typeOfWork: this.typeOfWork }),
      });
      if (sequence !== this.#sequence) return;
      this.board = board;
      this.moved = Object.fromEntries(Object.entries(this.moved).filter(([, moved]) => moved.since >= sequence));
      this.error = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The board could not be read.');
    } finally {
      if (sequence === this.#sequence) this.loaded = true;
    }
  }

  /** A block as it will be, by id. */
  block(id: number): BoardBlock | undefined {
    const answered = this.#byId.get(id);
    return answered && this.#placed(answered);
  }

  overlapsIn(providerId: number): Set<number> {
    const own = this.byProvider.get(providerId) ?? [];
    let found = this.#overlaps.get(own);
    if (!found) {
      found = overlappingIds(own);
      this.#overlaps.set(own, found);
    }
    return found;
  }

  provider(id: number): BoardProvider | undefined {
    return this.providers.find((provider) => provider.id === id);
  }

  findOrder(id: number): BoardBlock | TrayOrder | undefined {
    return this.block(id) ?? this.tray.find((order) => order.id === id);
  }

  /** A tray order dropped on a provider (by mouse, `at` the time under the pointer): always asks whether to assign or route. */
  dropTray(orderId: number, providerId: number, at?: number): void {
    const order = this.tray.find((candidate) => candidate.id === orderId);
    const provider = this.provider(providerId);
    if (!order || !provider) return;
    const span = { start: order.start, end: order.end };
    this.plan = {
      kind: 'tray',
      order,
      provider,
      days: 0,
      minutes: 0,
      span,
      conflicts: [outsideWindow(at, order, this.period.zone), ...this.#conflicts(span, provider, order.id)].filter((conflict) => conflict !== undefined),
      requested: order.requestedBy.includes(provider.id),
      routed: order.routedTo.includes(provider.id),
    };
  }

  /** A block dropped: on another provider a reassign (confirmed), on its own a move in time (asked only on a conflict). */
  dropBlock(orderId: number, providerId: number, minutes: number, days = 0): void {
    const block = this.block(orderId);
    const provider = this.provider(providerId);
    if (!block || !provider) return;
    const reassign = provider.id !== block.providerId;
    if (!reassign && minutes === 0 && days === 0) return;
    const span = reassign ? { start: block.start, end: block.end } : movedSpan(block, minutes, days);
    const plan: DropPlan = { kind: reassign ? 'reassign' : 'reschedule', order: block, provider, days: reassign ? 0 : days, minutes: reassign ? 0 : minutes, span, conflicts: this.#conflicts(span, provider, block.id), requested: false, routed: false };
    if (plan.kind === 'reschedule' && plan.conflicts.length === 0) void this.confirm(plan, 'reschedule');
    else this.plan = plan;
  }

  cancelPlan(): void {
    this.plan = undefined;
  }

  /** Queues what the plan says, drawn at its new place at once. */
  async confirm(plan: DropPlan, verb: 'assign' | 'route' | 'reassign' | 'reschedule'): Promise<void> {
    this.plan = undefined;
    const { order, provider } = plan;
    try {
      if (verb === 'reschedule') {
        this.#place(order.id, { providerId: (order as BoardBlock).providerId, ...plan.span });
        const receipt = await service.reschedule(order.id, movedWindow(order, plan.minutes, plan.days));
        toasts.showUndoable(`Moved #${order.id} ${order.title}`, appState.settings.undoSeconds, () => discardEntry(receipt.entryId));
        return;
      }
      const whole = await service.readOrder(order.id);
      if (verb !== 'route') this.#place(order.id, { providerId: provider.id, ...plan.span });
      await orderActions.run(verb === 'assign' || verb === 'reassign' ? 'assign' : 'route', [whole], { providerId: provider.id, reassign: verb === 'reassign' });
      // The order actions toast their own refusals and answer nothing: a read from the cache puts a
      // block they refused back where it is (a queued one is there already), instead of leaving it drawn moved.
      void this.load();
    } catch (error) {
      this.moved = withoutKey(this.moved, order.id);
      toasts.show({ tone: 'danger', message: messageOf(error, `#${order.id} could not be queued.`) });
    }
  }

  #place(id: number, moved: Omit<Moved, 'since'>): void {
    this.moved = { ...this.moved, [id]: { ...moved, since: this.#sequence } };
  }

  #placed(block: BoardBlock): BoardBlock {
    return placed(block, this.moved[block.id]);
  }

  #conflicts(span: { start: number; end: number }, provider: BoardProvider, movingId: number): string[] {
    return conflictsOf(span, provider, this.byProvider.get(provider.id) ?? [], movingId, Date.now(), this.period.zone);
  }
}

function withoutKey<T>(record: Readonly<Record<number, T>>, key: number): Record<number, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}
