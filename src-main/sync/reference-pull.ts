import type { SelectionRule } from '../../src-shared/api/selection-rule';
import { REFERENCE_KINDS, type ReferenceKind } from '../../src-shared/ipc/channels';
import type { MarketplaceClient } from '../api-client/marketplace-client';
import type { ReferenceDataRepository } from '../db/reference-data-repository';
import { forEachConcurrently } from './concurrency';
import type { PullStepOptions } from './pull-step';

type Company = MarketplaceClient['company'];

/** How each reference list the IPC contract names is fetched: a kind without one does not compile. */
const FETCHERS: Readonly<Record<ReferenceKind, (company: Company, signal: AbortSignal) => Promise<readonly { id: number; uid?: number | null }[]>>> = {
  'types-of-work': async (company, signal) => (await company.typesOfWork({ signal })).results,
  tags: async (company, signal) => (await company.tags({ signal })).results,
  'expense-categories': async (company, signal) => (await company.expenseCategories({ signal })).results,
  'incomplete-reasons': (company, signal) => company.incompleteReasons({ signal }),
  'selection-rules': selectionRules,
};

/** Pages of selection rules read at most: a company keeps a handful, so this only bounds a service that never says the last page. */
const MAX_RULE_PAGES = 20;

/** Every selection rule, page after page (the list is paged, at most 100 a page). */
async function selectionRules(company: Company, signal: AbortSignal): Promise<SelectionRule[]> {
  const rules: SelectionRule[] = [];
  for (let page = 1; page <= MAX_RULE_PAGES; page++) {
    const answer = await company.selectionRules({ page, per_page: 100 }, { signal });
    rules.push(...answer.results);
    if (answer.results.length === 0 || page >= answer.metadata.pages) break;
  }
  return rules;
}
/**
 * An entry's key in the cache. Expense categories are keyed by `uid`: a company's custom expense
 * has the `id` of the system category it falls under, so keyed by `id` it would replace that one.
 */
const entryKey = (item: { id: number; uid?: number | null }) => String(item.uid ?? item.id);

const REFERENCE_LISTS = REFERENCE_KINDS.map((kind) => ({ kind, fetch: FETCHERS[kind] }));

export interface ReferencePullOptions extends PullStepOptions {
  company: Company;
  referenceData: ReferenceDataRepository;
}

/**
 * Refreshes the reference lists older than `maxAgeMs`; answers the kinds it fetched. An empty list
 * stores no entry, so it reads as stale and is asked again on every pull: a few bytes, rarely.
 */
export async function pullReferenceData(options: ReferencePullOptions): Promise<string[]> {
  const { referenceData, maxAgeMs, now } = options;
  const stale = REFERENCE_LISTS.filter((list) => referenceData.get(list.kind, maxAgeMs, now()).length === 0);
  let done = 0;
  options.onFetched(done, stale.length);
  await forEachConcurrently(stale, options.concurrency, options.signal, async (list, signal) => {
    const items = await list.fetch(options.company, signal);
    referenceData.replace(list.kind, items.map((item) => ({ key: entryKey(item), value: item })), now());
    done += 1;
    options.onFetched(done, stale.length);
  });
  return stale.map((list) => list.kind);
}
