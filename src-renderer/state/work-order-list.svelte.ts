import type { WorkOrder } from '../../src-shared/api/work-order';
import { WORK_ORDER_LISTS, type WorkOrderListId } from '../../src-shared/api/work-order-list';
import type { AttentionReason, UrgencyGroup } from '../../src-shared/domain/attention';
import type { SavedView, WorkOrderListRequest, WorkOrderPage } from '../../src-shared/ipc/channels';
import { messageOf } from '../lib/errors';
import { asKeys, DEFAULT_QUERY, hasFilters, scopeOf, type FilterKey, type Scope, type SortField } from '../lib/work-order-query';
import * as service from '../services/work-orders';
import type { SavedViewQuery } from '../services/work-orders';
import { badges } from './badges.svelte';
import { cacheChanges } from './cache-changes.svelte';

/** The most main answers per call; the list loads pages of this size as the user scrolls. */
export const PAGE_SIZE = 50;
/**
 * Page reads in flight at once. Main answers them one after another, so a scrollbar dragged across
 * 100,000 orders once queued a read for every page it passed (about 15 ms of main each, seconds in
 * all) and the rows where it stopped came last; now a returning read asks for what is on screen then.
 */
const MAX_PAGE_READS = 2;

export type { FilterKey, Scope, SortField } from '../lib/work-order-query';

/**
 * The work order list of one Work orders screen: the query (scope, search, filters, sort), the
 * pages of rows loaded so far (100 each, by page number, replaced whole, never mutated), the
 * badges and marks. The list is as long as `total` from the start; pages load where the user looks.
 * Every change to the query asks main again at once; answers to older requests are dropped by
 * their sequence number, so typing fast never paints a stale result over a newer one.
 */
export class WorkOrderList {
  query = $state<SavedViewQuery>({ ...DEFAULT_QUERY });
  /** The saved view the query came from, while it is unchanged. */
  savedViewId = $state<number | undefined>();

  /** Loaded pages by number (1-based): sparse, so a jump to the end loads only the end. */
  pages = $state.raw<Readonly<Record<number, WorkOrder[]>>>({});
  total = $state(0);
  counts = $state.raw<Partial<Record<WorkOrderListId, number>>>({});
  attentionCount = $state(0);
  /** Ids with a change waiting in the outbox, as keys: replaced whole with each answer. */
  pending = $state.raw<Readonly<Record<number, true>>>({});
  /** Ids with a change the marketplace refused, waiting in the outbox for the coordinator. */
  refused = $state.raw<Readonly<Record<number, true>>>({});
  reasons = $state.raw<Record<string, AttentionReason[]>>({});
  /** Sorted by urgency (the triage queue): how many orders each reason leads, in order. */
  groups = $state.raw<UrgencyGroup[] | undefined>();
  /** The first answer arrived: before it, the screen shows a skeleton rather than "no orders". */
  loaded = $state(false);
  error = $state<string | undefined>();

  views = $state.raw<SavedView[]>([]);

  /** The row the keyboard is on (j/k), as an index into the whole list. */
  focusIndex = $state(-1);
  #openId = $state<number | undefined>();
  /**
   * Moves on when another order is opened, not when the open one, created offline, gets the
   * marketplace's id: the panel is drawn again for the first and kept for the second (what is typed in it stays).
   */
  openSession = $state(0);

  /** The order open in the detail panel. */
  get openId(): number | undefined {
    return this.#openId;
  }

  set openId(id: number | undefined) {
    if (id === this.#openId) return;
    this.#openId = id;
    this.openSession += 1;
  }
  /** The map shown beside the list (m). */
  mapShown = $state(false);
  /** A provider's home base each row says its distance from (a display choice, not a filter). */
  distanceFrom = $state.raw<{ id: number; name: string; latitude: number; longitude: number } | undefined>();

  /** Told of every page read, so holders of rows (the selection) keep their newest state. */
  readonly #onRows: (rows: readonly WorkOrder[]) => void;

  constructor(onRows: (rows: readonly WorkOrder[]) => void = () => {}) {
    this.#onRows = onRows;
  }

  #sequence = 0;
  /** Pages asked for and not answered yet, so scrolling does not ask twice. */
  #loading: Record<number, true> = {};
  /** How many of those the current query has in flight. */
  #reading = 0;
  /** The rows on screen, as the table last said (start inclusive, end exclusive). */
  #wanted = { start: 0, end: 0 };

  scope = $derived<Scope>(scopeOf(this.query));
  /** How many orders the scope holds with no search or filter: what "Filters hide N orders" counts. */
  scopeCount = $derived(this.scope.kind === 'attention' ? this.attentionCount : (this.counts[this.scope.id] ?? 0));
  hasFilters = $derived(hasFilters(this.query));
  /** The scope's name: "Needs attention", "Drafts". */
  scopeLabel = $derived(this.scope.kind === 'attention' ? 'Needs attention' : (WORK_ORDER_LISTS.find((entry) => entry.id === (this.scope as { id: string }).id)?.label ?? ''));

  /**
   * Loads the saved views and the first page, and reads again once per burst of changes main
   * announces; its answers feed the navigation's badges meanwhile.
   */
  start(): () => void {
    const stops = [
      cacheChanges.follow((change) => {
        const moved = change.renamed.find((rename) => rename.from === this.#openId);
        if (moved) this.#openId = moved.to;
        void this.refresh({ keepDepth: true });
      }),
      badges.feedFromList(),
    ];
    void this.refresh();
    void this.#loadViews();
    return () => stops.forEach((stop) => stop());
  }

  /** Needs attention is a triage queue: sorted by urgency, in groups; the other lists by the sort they had. */
  setScope(scope: Scope): void {
    const { list: _list, attention: _attention, ...rest } = this.query;
    const sort = scope.kind === 'attention' ? 'urgency' : rest.sort === 'urgency' ? 'schedule' : rest.sort;
    this.query = scope.kind === 'attention' ? { ...rest, attention: true, sort } : { ...rest, list: scope.id, sort };
    this.savedViewId = undefined;
    void this.refresh();
  }

  setSearch(text: string): void {
    this.#change({ search: text === '' ? undefined : text });
  }

  setFilter(key: FilterKey, value: number | string | undefined): void {
    this.#change({ [key]: value === '' ? undefined : value });
  }

  setSort(sort: SortField, order: 'asc' | 'desc'): void {
    this.#change({ sort, order });
  }

  /** Keeps the scope and sort, drops the search and every filter. */
  clearFilters(): void {
    const { list, attention, sort, order } = this.query;
    this.query = { list, attention, sort, order };
    this.savedViewId = undefined;
    void this.refresh();
  }

  applyView(view: SavedView): void {
    this.query = { ...DEFAULT_QUERY, ...view.query };
    this.savedViewId = view.id;
    void this.refresh();
  }

  async saveView(name: string): Promise<SavedView> {
    const view = await service.saveView(name, $state.snapshot(this.query));
    this.views = await service.listSavedViews();
    this.savedViewId = view.id;
    return view;
  }

  async deleteView(id: number): Promise<void> {
    await service.deleteView(id);
    if (this.savedViewId === id) this.savedViewId = undefined;
    this.views = await service.listSavedViews();
  }

  /** The order at a place in the whole list, or undefined while its page is not loaded. */
  rowAt(index: number): WorkOrder | undefined {
    return this.pages[Math.floor(index / PAGE_SIZE) + 1]?.[index % PAGE_SIZE];
  }

  /** The loaded rows from one index to another, either way round (shift-click spans rows on screen). */
  rowsBetween(from: number, to: number): WorkOrder[] {
    const rows: WorkOrder[] = [];
    for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
      const row = this.rowAt(index);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** Every order the query matches, up to `limit`, read page by page from the cache: "select all in view". */
  async allMatching(limit: number): Promise<WorkOrder[]> {
    const orders: WorkOrder[] = [];
    const pages = Math.ceil(Math.min(this.total, limit) / PAGE_SIZE);
    for (let number = 1; number <= pages; number += 1) orders.push(...(await service.listWorkOrders(this.#request(number))).results);
    return orders.slice(0, limit);
  }

  /** The loaded row of an order, wherever it sits in the pages read so far. */
  findLoaded(id: number): WorkOrder | undefined {
    for (const page of Object.values(this.pages)) {
      const row = page.find((candidate) => candidate.id === id);
      if (row) return row;
    }
    return undefined;
  }

  /** Opens the order the keyboard is on (Enter). */
  openFocused(): void {
    const row = this.rowAt(this.focusIndex);
    if (row) this.openId = row.id;
  }

  moveFocus(delta: number): void {
    if (this.total === 0) return;
    this.focusIndex = Math.max(0, Math.min(this.total - 1, this.focusIndex + delta));
  }

  /**
   * Asks main for the first page again. `keepDepth` (a change announced by main) re-reads the pages
   * on screen instead, so rows the user scrolled to do not vanish under them; the others load again
   * when they come into view (re-reading every page ever loaded cost seconds after a long scroll).
   * While a read is out, the next one waits for it and then asks with the query of that moment:
   * main answers one call after another, so typing faster than it answers (a first letter matches
   * most of a million orders: ~300 ms) asked for every text typed, each after the one before, and
   * the last text's rows came last. Now it is one stale read at most, then the last text.
   */
  refresh({ keepDepth = false } = {}): Promise<void> {
    ++this.#sequence;
    this.#loading = {};
    this.#reading = 0;
    // At once, not when the answer comes: a row the user focuses meanwhile must keep its focus.
    if (!keepDepth) this.focusIndex = -1;
    const out = this.#firstRead;
    if (!out) return this.#readFirst(keepDepth);
    // Waiting reads merge: the pages on screen are kept only if every one asked to keep them.
    this.#nextKeepsDepth = this.#nextRead ? this.#nextKeepsDepth && keepDepth : keepDepth;
    this.#nextRead ??= out.then(() => {
      this.#nextRead = undefined;
      return this.#readFirst(this.#nextKeepsDepth);
    });
    return this.#nextRead;
  }

  /** The refresh out now, and the one waiting for it (see `refresh`). */
  #firstRead: Promise<void> | undefined;
  #nextRead: Promise<void> | undefined;
  #nextKeepsDepth = false;

  /** Reads the first page (or the pages on screen) for the query of now; settles, never rejects, once its answer is taken or dropped. */
  #readFirst(keepDepth: boolean): Promise<void> {
    const sequence = this.#sequence;
    const onScreen = this.#pagesOf(this.#wanted.start, this.#wanted.end);
    const numbers = keepDepth && onScreen.length > 0 ? onScreen : [1];
    const read: Promise<void> = this.#takeFirst(sequence, numbers).then(() => {
      if (this.#firstRead === read) this.#firstRead = undefined;
    });
    this.#firstRead = read;
    return read;
  }

  async #takeFirst(sequence: number, numbers: number[]): Promise<void> {
    try {
      const answers = await Promise.all(numbers.map((number) => service.listWorkOrders(this.#request(number))));
      if (sequence !== this.#sequence) return;
      this.#accept(numbers.map((number, index) => [number, answers[index] as WorkOrderPage]), 'replace');
    } catch (error) {
      if (sequence === this.#sequence) this.#fail(error);
    }
  }

  /** Loads the pages that hold rows `start` to `end` (exclusive) and are not loaded yet: the rows on screen. */
  async ensureLoaded(start: number, end: number): Promise<void> {
    this.#wanted = { start, end };
    this.#readWanted();
  }

  /** Reads the unloaded pages under the rows on screen, at most MAX_PAGE_READS at once; each answer reads what is on screen by then. */
  #readWanted(): void {
    if (!this.loaded) return;
    const sequence = this.#sequence;
    for (const number of this.#pagesOf(this.#wanted.start, this.#wanted.end)) {
      if (this.#reading >= MAX_PAGE_READS) return;
      if (this.pages[number] || this.#loading[number]) continue;
      this.#loading[number] = true;
      this.#reading += 1;
      service.listWorkOrders(this.#request(number)).then(
        (answer) => {
          if (sequence !== this.#sequence) return;
          delete this.#loading[number];
          this.#reading -= 1;
          this.#accept([[number, answer]], 'merge');
          this.#readWanted();
        },
        (error: unknown) => {
          if (sequence === this.#sequence) this.#fail(error);
        },
      );
    }
  }

  /** The page numbers that hold rows `start` to `end` (exclusive) of the list. */
  #pagesOf(start: number, end: number): number[] {
    const last = Math.min(end, this.total);
    if (last <= start) return [];
    const first = Math.floor(start / PAGE_SIZE) + 1;
    return Array.from({ length: Math.floor((last - 1) / PAGE_SIZE) + 2 - first }, (_unused, index) => first + index);
  }

  #change(patch: Partial<SavedViewQuery>): void {
    this.query = { ...this.query, ...patch };
    this.savedViewId = undefined;
    void this.refresh();
  }

  #request(page: number): WorkOrderListRequest {
    return { ...this.viewQuery(), page, per_page: PAGE_SIZE };
  }

  /** What the list shows now, its search trimmed: what each page asks, and what an export reads whole. */
  viewQuery(): SavedViewQuery {
    const query = $state.snapshot(this.query);
    const search = query.search?.trim();
    return { ...query, search: search === '' ? undefined : search };
  }

  #accept(answers: [number, WorkOrderPage][], mode: 'replace' | 'merge'): void {
    const last = answers.at(-1)?.[1];
    if (!last) return;
    const pages = Object.fromEntries(answers.map(([number, answer]) => [number, answer.results]));
    const pendingIds = asKeys(answers.flatMap(([, answer]) => answer.pending));
    const refusedIds = asKeys(answers.flatMap(([, answer]) => answer.refused));
    const reasons = Object.assign({}, ...answers.map(([, answer]) => answer.attention)) as Record<string, AttentionReason[]>;
    if (mode === 'replace') {
      this.pages = pages;
      this.pending = pendingIds;
      this.refused = refusedIds;
      this.reasons = reasons;
    } else {
      this.pages = { ...this.pages, ...pages };
      this.pending = { ...this.pending, ...pendingIds };
      this.refused = { ...this.refused, ...refusedIds };
      this.reasons = { ...this.reasons, ...reasons };
    }
    this.#onRows(answers.flatMap(([, answer]) => answer.results));
    this.total = last.total;
    this.counts = last.counts;
    this.attentionCount = last.attentionCount;
    this.groups = last.groups;
    badges.feed(last);
    this.focusIndex = Math.min(this.focusIndex, this.total - 1);
    this.loaded = true;
    this.error = undefined;
  }

  #fail(error: unknown): void {
    this.error = messageOf(error, 'The work orders could not be read.');
  }

  async #loadViews(): Promise<void> {
    // Views missing only make the navigation poorer; the list itself must still show.
    this.views = await service.listSavedViews().catch(() => this.views);
  }
}
