import type { CacheState } from './cache-state';
import type { Ledger } from './ledger';
import type { MarketLocation, MarketOrder, MarketSnapshot } from './market-snapshot';
import { type PlannedWrite, TAG } from './workload';

/** A record as the marketplace should hold it after some of its writes: the fields the workload sets. */
interface Expected {
  exists: boolean;
  integrationId: string | null;
  title: number | null;
  status: string | null;
  address: number | null;
  expenses: string[];
  hashes: string[];
  routed: number[];
}

const versionOf = (text: string | null, letter: 'v' | 'a') => {
  const match = new RegExp(`^${TAG}-\\w+-${letter}(\\d+)$`).exec(text ?? '');
  return match ? Number(match[1]) : null;
};

function expected(writes: readonly { write: PlannedWrite; entryId: string }[], existing: boolean): Expected {
  const model: Expected = { exists: existing, integrationId: null, title: null, status: null, address: null, expenses: [], hashes: [], routed: [] };
  for (const { write, entryId } of writes) {
    if (write.step === 'create') Object.assign(model, write.record.kind === 'order' ? { exists: true, integrationId: entryId, status: 'created', title: 0 } : { exists: true });
    else if (write.step === 'title') model.title = write.version;
    else if (write.step === 'address') model.address = write.version;
    else if (write.step === 'publish') model.status = 'published';
    else if (write.step === 'route') Object.assign(model, { status: 'routed', routed: [...model.routed, write.providerId as number].sort((a, b) => a - b) });
    else if (write.step === 'expense') model.expenses.push(write.marker as string);
    else if (write.step === 'upload') model.hashes.push(write.sha256 as string);
  }
  return model;
}

/** The same fields read from the marketplace; only the workload's own expenses and files count (the seed has others). */
function observed(record: MarketOrder | MarketLocation | undefined, kind: 'order' | 'location', existing: boolean, planHashes: ReadonlySet<string>): Expected {
  if (!record) return { exists: false, integrationId: null, title: null, status: null, address: null, expenses: [], hashes: [], routed: [] };
  if (kind === 'location') {
    const location = record as MarketLocation;
    return { exists: true, integrationId: null, title: null, status: null, address: versionOf(location.address2, 'a'), expenses: [], hashes: [], routed: [] };
  }
  const order = record as MarketOrder;
  return {
    exists: true,
    integrationId: existing ? null : order.integrationId,
    title: versionOf(order.title, 'v'),
    status: existing ? null : order.status,
    address: null,
    expenses: order.expenses.filter((description) => description.startsWith(`${TAG}-`)),
    hashes: order.hashes.filter((hash) => planHashes.has(hash)),
    routed: existing ? [] : [...order.routed].sort((a, b) => a - b),
  };
}

/** The lane of the record a write goes in: its expenses and its files each have their own. */
const laneOf = (write: PlannedWrite): string => (write.step === 'expense' ? 'expenses' : write.step === 'upload' ? 'files' : 'fields');

/** Every way of taking one choice per lane, each as the writes it makes. */
function combinations<T>(choices: readonly (readonly T[][])[]): T[][] {
  return choices.reduce<T[][]>((ways, options) => ways.flatMap((way) => options.map((option) => [...way, ...option])), [[]]);
}

export interface CheckSummary {
  queued: number;
  applied: number;
  waiting: number;
}

/**
 * The invariants after a kill, for every record of the workload:
 * - the cache file is sound and nothing was refused;
 * - the marketplace holds each record at most once, and each expense and file on it at most once;
 * - in each lane of a record (its fields, its expenses, its files) the waiting entries are the end
 *   of the line (what left the outbox left it in order);
 * - the marketplace holds exactly the record's applied writes, in order, plus perhaps the first
 *   waiting one of each lane (sent, and killed before its answer was stored), and nothing of a write not made
 *   yet or whose enqueue a kill cut before the outbox stored it.
 * Throws with every problem found.
 */
export function checkAfterKill(ledger: Ledger, cache: CacheState, market: MarketSnapshot): CheckSummary {
  const problems: string[] = [];
  if (cache.integrity !== 'ok') problems.push(`integrity_check: ${cache.integrity}`);
  for (const entry of cache.entries.filter((row) => row.state === 'refused')) problems.push(`refused: ${entry.kind} ${JSON.stringify(entry.input)}`);
  const waiting = new Set(cache.entries.map((entry) => entry.id));
  const planHashes = new Set(ledger.plan.flatMap((write) => (write.sha256 ? [write.sha256] : [])));
  const summary: CheckSummary = { queued: 0, applied: 0, waiting: 0 };

  const records = new Map<string, PlannedWrite[]>();
  for (const write of ledger.plan) records.set(write.record.key, [...(records.get(write.record.key) ?? []), write]);
  for (const [key, writes] of records) {
    const record = (writes[0] as PlannedWrite).record;
    const existing = record.existingId !== undefined;
    const queued: { write: PlannedWrite; entryId: string }[] = [];
    for (const write of writes) {
      const outcome = ledger.outcomes.get(write.n);
      if (outcome?.state === 'queued') queued.push({ write, entryId: outcome.entryId });
      else if (outcome?.state === 'unknown') problems.push(`${key}: write ${write.n} not settled`);
    }
    // Each lane of the record keeps its own order (issue 24): its fields, its expenses, its files.
    const lanes = new Map<string, { write: PlannedWrite; entryId: string }[]>();
    for (const item of queued) lanes.set(laneOf(item.write), [...(lanes.get(laneOf(item.write)) ?? []), item]);
    /** Per lane: its applied writes, and those plus its first waiting one (sent, killed before the answer was stored). */
    const choices: { write: PlannedWrite; entryId: string }[][][] = [];
    for (const [lane, line] of lanes) {
      const firstWaiting = line.findIndex(({ entryId }) => waiting.has(entryId));
      const applied = firstWaiting === -1 ? line : line.slice(0, firstWaiting);
      summary.queued += line.length;
      summary.applied += applied.length;
      summary.waiting += line.length - applied.length;
      if (line.slice(applied.length).some(({ entryId }) => !waiting.has(entryId))) problems.push(`${key}: an entry left the outbox before an earlier one of its ${lane}`);
      choices.push(firstWaiting === -1 ? [applied] : [applied, line.slice(0, firstWaiting + 1)]);
    }

    const found: (MarketOrder | MarketLocation)[] = (record.kind === 'order' ? market.orders.get(key) : market.locations.get(key)) ?? [];
    if (found.length > 1) problems.push(`${key}: ${found.length} records on the marketplace (ids ${found.map((item) => item.id).join(', ')})`);
    const seen = observed(found[0], record.kind, existing, planHashes);
    for (const list of [seen.expenses, seen.hashes]) {
      const duplicated = list.filter((item, index) => list.indexOf(item) !== index);
      if (duplicated.length > 0) problems.push(`${key}: duplicated on the marketplace: ${duplicated.join(', ')}`);
    }
    const candidates = combinations(choices).map((writes) => expected(writes.sort((a, b) => a.write.n - b.write.n), existing));
    if (!candidates.some((candidate) => JSON.stringify(candidate) === JSON.stringify(seen))) {
      problems.push(`${key}: the marketplace holds ${JSON.stringify(seen)}; expected ${candidates.map((candidate) => JSON.stringify(candidate)).join(' or ')}`);
    }
  }
  if (problems.length > 0) throw new Error(`After the kill:\n${problems.join('\n')}`);
  return summary;
}

/**
 * Once drained: the cache shows what the marketplace holds, every temporary id renamed (no row left
 * under one, no order still pending, no base kept) and each workload order once, under its real id
 * with the marketplace's title.
 */
export function checkDrainedCache(cache: CacheState, market: MarketSnapshot): void {
  const problems: string[] = [];
  const { temporaryRows, pendingOrders, bases, titles } = cache.shown;
  if (temporaryRows > 0 || pendingOrders > 0 || bases > 0) problems.push(`left behind: ${temporaryRows} rows under temporary ids, ${pendingOrders} orders pending, ${bases} bases`);
  const expected = new Map([...market.orders.values()].flat().filter((order) => order.title.startsWith(`${TAG}-`)).map((order) => [order.id, order.title]));
  if (JSON.stringify([...titles].sort()) !== JSON.stringify([...expected].sort())) problems.push(`the cache shows ${JSON.stringify([...titles])}; the marketplace holds ${JSON.stringify([...expected])}`);
  if (problems.length > 0) throw new Error(`After draining:\n${problems.join('\n')}`);
}
