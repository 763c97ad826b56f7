import { SvelteSet } from 'svelte/reactivity';
import type { Insights, InsightsRequest } from '../../src-shared/ipc/insights';
import type { DurationGroup } from '../../src-shared/ipc/insights';
import { periodCovering, periodRange, type PeriodWeeks } from '../lib/insights-period';
import * as service from '../services/insights';
import { cacheChanges } from './cache-changes.svelte';
import { reference } from './reference.svelte';

/** A pull changes the cache in bursts: one recomputation for a burst, not one per change. */
const REFRESH_DELAY_MS = 300;

/**
 * The period of the last visit: the next one asks for it at once, instead of 12 weeks and then the
 * period that fits the data (two of main's queries, and two paints, at every visit).
 */
let lastPeriod: { weeks: PeriodWeeks; chosen: boolean } | undefined;

/** For tests: every state starts as on the app's first visit. */
export function forgetInsightsPeriod(): void {
  lastPeriod = undefined;
}

/**
 * The Insights screen's state: the period and filters chosen, the figures main computed for them,
 * and which figures show their table. Created by the screen; `start()` answers its cleanup.
 */
export class InsightsState {
  weeks = $state<PeriodWeeks>(lastPeriod?.weeks ?? 12);
  client = $state<number | undefined>();
  typeOfWork = $state<number | undefined>();
  durationGroup = $state<DurationGroup>('type');
  data = $state.raw<Insights | undefined>();
  loading = $state(false);
  problem = $state<string | undefined>();
  /** Figures whose table is shown, by figure id. */
  readonly tables = new SvelteSet<string>();
  #serial = 0;
  /** The coordinator chose a period: the data's own start no longer picks it. */
  #periodChosen = lastPeriod?.chosen ?? false;

  /** What the next load asks; the period is fixed when asked, so "this week" moves with the clock. */
  request(now: number = Date.now()): InsightsRequest {
    return { ...periodRange(this.weeks, now), durationsBy: this.durationGroup, ...(this.client === undefined ? {} : { client: this.client }), ...(this.typeOfWork === undefined ? {} : { typeOfWork: this.typeOfWork }) };
  }

  /** The filters' choices, from the reference store. */
  get clients() {
    return reference.clients;
  }

  get typesOfWork() {
    return reference.typesOfWork;
  }

  start(): () => void {
    void this.load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = cacheChanges.follow(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void this.load(), REFRESH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }

  async load(): Promise<void> {
    const serial = ++this.#serial;
    this.loading = true;
    const outcome = await service.loadInsights(this.request());
    // A later choice answered after this one would show figures for a period no longer chosen.
    if (serial !== this.#serial) return;
    this.loading = false;
    if (outcome.ok) {
      // Until a period is chosen, the shortest one where the data starts: no empty weeks before it.
      const fitting = periodCovering(outcome.value.firstScheduled);
      if (!this.#periodChosen && fitting !== this.weeks) {
        this.weeks = fitting;
        lastPeriod = { weeks: fitting, chosen: false };
        void this.load();
        return;
      }
      this.data = outcome.value;
      this.problem = undefined;
    } else {
      this.problem = outcome.error.message;
    }
  }

  choose(change: { weeks?: PeriodWeeks; client?: number | null; typeOfWork?: number | null; durationGroup?: DurationGroup }): void {
    if (change.weeks !== undefined) {
      this.weeks = change.weeks;
      this.#periodChosen = true;
      lastPeriod = { weeks: change.weeks, chosen: true };
    }
    if (change.durationGroup !== undefined) this.durationGroup = change.durationGroup;
    if (change.client !== undefined) this.client = change.client ?? undefined;
    if (change.typeOfWork !== undefined) this.typeOfWork = change.typeOfWork ?? undefined;
    void this.load();
  }

  toggleTable(id: string): void {
    if (!this.tables.delete(id)) this.tables.add(id);
  }
}
