import type { Statement } from 'better-sqlite3';
import { statusById, statusDisplay } from '../../src-shared/api/status';
import { siteZoneOf } from '../../src-shared/domain/moments';
import { routedProviders } from '../../src-shared/domain/work-order-people';
import type { BoardBlock, BoardOrder, DispatchBoardRequest, TrayOrder } from '../../src-shared/ipc/dispatch';
import type { CacheDatabase } from './database';
import { LONG_VISIT_MS } from './migrations/0013-dispatch-board';
import { StatementCache } from './statement-cache';
import { ATTENTION_REASONS_JSON } from './work-order-attention';
import { listQuery, statusIds } from './work-order-query';

const [ASSIGNED, WORK_DONE] = statusIds(['assigned', 'workdone']);
const [PUBLISHED, ROUTED] = statusIds(['published', 'routed']);

/**
 * An order as the board draws it, made by SQLite from columns: a week is thousands of rows, and one
 * JSON text parsed at once costs half of as many rows read cell by cell (and parsing each order's
 * document would cost the week its budget). Two fields carry what decides them, for `finish` to
 * work out once per distinct value: `statusName` the status, sub-status and stored name,
 * `timeZone` the named zone, state and country (null without a location, whatever zone the
 * schedule names: the local marketplace names UTC for a site it does not know).
 */
const ORDER_FIELDS = `'id', w.id, 'title', coalesce(w.title, ''), 'statusId', coalesce(w.status_id, 0),
  'statusName', concat_ws(char(31), coalesce(w.status_id, ''), coalesce(w.sub_status, ''), coalesce(w.status_name, '')),
  'mode', CASE WHEN w.schedule_mode IN ('exact', 'between', 'hours') THEN w.schedule_mode ELSE 'exact' END,
  'start', w.schedule_start, 'end', w.visit_end,
  'timeZone', CASE WHEN coalesce(w.city, w.state, w.zip, w.country, w.saved_location_id) IS NOT NULL
    THEN concat_ws(char(31), coalesce(w.site_zone, ''), coalesce(w.state, ''), coalesce(w.country, '')) END,
  'place', nullif(concat_ws(', ', w.city, w.state), ''), 'client', w.client_name, 'attention', ${ATTENTION_REASONS_JSON},
  'pending', json(CASE w.pending WHEN 1 THEN 'true' ELSE 'false' END), 'refused', json('false')`;

const ON_THE_BOARD = `w.status_id IN (${ASSIGNED}, ${WORK_DONE}) AND w.provider_id IS NOT NULL AND w.visit_end > @from`;
/** Written as the partial index work_orders_long_visits is (migration 0013), so the planner can use it. */
const LONG_VISIT = `w.visit_end - w.schedule_start > ${LONG_VISIT_MS}`;
// Sorted by `byStart` once parsed: an aggregate's ORDER BY sorts the JSON texts themselves, at twice the cost.
const BLOCKS = `json_group_array(json_object(${ORDER_FIELDS}, 'providerId', w.provider_id))`;

/**
 * Assigned orders whose time on site meets [from, to): those starting in the period or up to
 * LONG_VISIT_MS before it (a range of the status index), and the few longer windows that started
 * earlier (their own index). Neither reads a provider's whole history.
 */
const BLOCKS_SQL = `SELECT ${BLOCKS} FROM work_orders w WHERE ${ON_THE_BOARD} AND w.schedule_start >= @lookback AND w.schedule_start < @to`;
const LONG_BLOCKS_SQL = `SELECT ${BLOCKS} FROM work_orders w WHERE ${ON_THE_BOARD} AND ${LONG_VISIT} AND w.schedule_start < @lookback`;

/** The period's two queries, for a test of their plans. */
export const PERIOD_QUERIES = [BLOCKS_SQL, LONG_BLOCKS_SQL] as const;

/**
 * Routes are open only while Routed: only those documents are read, and only their routes, as JSON
 * whatever they hold (`->`), so an odd answer cannot break the tray.
 */
const ROUTES = `CASE WHEN w.status_id = ${ROUTED} THEN (SELECT d.json -> '$.routes' FROM work_order_documents d WHERE d.id = w.id) END`;
const TRAY = `json_group_array(json_object(${ORDER_FIELDS}, 'site', CASE WHEN w.latitude IS NOT NULL AND w.longitude IS NOT NULL THEN json_array(w.latitude, w.longitude) END, 'requests', 0, 'counterOffers', 0, 'routedTo', json(coalesce(${ROUTES}, 'null')), 'requestedBy', json('[]')))`;

/** Open requests of orders still needing a provider; counter-offers are requests with `counter` set. */
const REQUESTS_SQL = `
  SELECT r.work_order_id AS id, r.provider_id, r.counter FROM requests r
  WHERE coalesce(r.active, 1) = 1 AND r.work_order_id IN (SELECT w.id FROM work_orders w WHERE w.status_id IN (${PUBLISHED}, ${ROUTED}))
  ORDER BY r.id`;

const byStart = (left: BoardOrder, right: BoardOrder): number => left.start - right.start || left.id - right.id;

/** What `finish` works out from the keys SQL leaves; a few distinct values among thousands of orders. */
const statusNames = new Map<string, string>();
const zones = new Map<string, string>();
const MAX_MEMO = 1_000;

function memo(map: Map<string, string>, key: string, make: () => string): string {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= MAX_MEMO) map.clear();
    value = make();
    map.set(key, value);
  }
  return value;
}

/** "Assigned: Confirmed" as the list shows it (lib/format's formatStatus), else what the order says. */
function statusName(key: string): string {
  const [id = '', subStatus = '', stored = ''] = key.split('\u001f');
  const known = id === '' ? undefined : statusById(Number(id));
  return known ? statusDisplay(known.name, subStatus) : stored;
}

/** The site's zone as `siteZoneOf` says: checking a named zone builds an Intl formatter, a tenth of a millisecond each. */
function zone(key: string): string {
  const [named = '', state = '', country = ''] = key.split('\u001f');
  return siteZoneOf({ schedule: { time_zone: { name: named } }, location: { state, country } });
}

/** Replaces the keys SQL left with their values, in place (the objects keep their shape). */
function finish<T extends Pick<BoardOrder, 'id' | 'statusName' | 'timeZone' | 'refused'>>(order: T, refused: ReadonlySet<number>): T {
  order.statusName = memo(statusNames, order.statusName, () => statusName(order.statusName));
  if (order.timeZone !== null) order.timeZone = memo(zones, order.timeZone, () => zone(order.timeZone ?? ''));
  order.refused = refused.has(order.id);
  return order;
}

interface Asked {
  requests: number;
  counterOffers: number;
  requestedBy: number[];
}

/** The period's blocks and the tray, read from the cache's columns. */
export class DispatchBoardOrders {
  readonly #statements: StatementCache;
  readonly #blocks: Statement;
  readonly #longBlocks: Statement;
  readonly #requests: Statement;

  constructor(db: CacheDatabase) {
    this.#statements = new StatementCache(db);
    this.#blocks = db.prepare(BLOCKS_SQL).pluck();
    this.#longBlocks = db.prepare(LONG_BLOCKS_SQL).pluck();
    this.#requests = db.prepare(REQUESTS_SQL);
  }

  /** Assigned and Work done orders held by a provider over [from, to), by start. */
  blocks(from: number, to: number, now: number, refused: ReadonlySet<number>): BoardBlock[] {
    const parameters = { from, to, lookback: from - LONG_VISIT_MS, now };
    const blocks = JSON.parse(this.#blocks.get(parameters) as string) as BoardBlock[];
    const long = JSON.parse(this.#longBlocks.get(parameters) as string) as BoardBlock[];
    for (const block of long) blocks.push(block);
    for (const block of blocks) finish(block, refused);
    return blocks.sort(byStart);
  }

  /** Published and Routed orders filtered as the list filters them, any date, by start; an order without a schedule cannot be drawn. */
  tray(request: Pick<DispatchBoardRequest, 'search' | 'client' | 'typeOfWork'>, now: number, refused: ReadonlySet<number>): TrayOrder[] {
    const { where, parameters } = listQuery({ list: 'workorders_published_routed', f_search: request.search, f_client: request.client, f_type_of_work: request.typeOfWork });
    const sql = `SELECT ${TRAY} FROM work_orders w ${where} AND w.schedule_start IS NOT NULL AND w.visit_end IS NOT NULL`;
    // SQL leaves `routedTo` as the order's routes were answered: the shared reading of them names the providers.
    const tray = JSON.parse(this.#statements.get(sql).pluck().get({ ...parameters, now }) as string) as (Omit<TrayOrder, 'routedTo'> & { routedTo: unknown })[];
    const asked = this.#asked();
    return tray.sort(byStart).map((order) => {
      finish(order, refused);
      const found = asked.get(order.id);
      if (found) Object.assign(order, found);
      return Object.assign(order, { routedTo: order.routedTo === null ? [] : routedProviders({ routes: order.routedTo }) });
    });
  }

  #asked(): Map<number, Asked> {
    const byOrder = new Map<number, Asked>();
    for (const row of this.#requests.all() as { id: number; provider_id: number | null; counter: number | null }[]) {
      let asked = byOrder.get(row.id);
      if (!asked) {
        asked = { requests: 0, counterOffers: 0, requestedBy: [] };
        byOrder.set(row.id, asked);
      }
      if (row.counter === 1) asked.counterOffers += 1;
      else asked.requests += 1;
      if (row.provider_id !== null && !asked.requestedBy.includes(row.provider_id)) asked.requestedBy.push(row.provider_id);
    }
    return byOrder;
  }
}
