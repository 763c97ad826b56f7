import type { ProviderProfile } from '../../src-shared/api/provider';
import type { ProviderHistory } from '../../src-shared/ipc/channels';
import type { CacheDatabase } from './database';

/** An exact start counts as met this long after it: a technician parking is not late. */
export const ON_TIME_GRACE_MS = 15 * 60 * 1000;

/**
 * One pass over the provider's orders (the `work_orders_provider` index), reading the few document
 * fields the columns lack: the first check-in of the time logs, `site_revisit` and the problems.
 * Status ids are decisions §1's: 3 Assigned, 4 Work Done, 5 Approved, 6 Paid.
 */
const HISTORY_SQL = `
  WITH mine AS (
    SELECT w.status_id, w.schedule_start, w.schedule_end, w.open_problems, d.json,
      (SELECT MIN(CAST(strftime('%s', json_extract(t.value, '$.in.utc')) AS INTEGER)) * 1000
         FROM json_each(d.json, '$.time_logs.results') t) AS first_in
    FROM work_orders w JOIN work_order_documents d ON d.id = w.id
    WHERE w.provider_id = @provider
  )
  SELECT
    COUNT(CASE WHEN status_id = 3 THEN 1 END) AS active,
    COUNT(CASE WHEN status_id IN (4, 5, 6) THEN 1 END) AS ordersDone,
    COUNT(CASE WHEN status_id IN (4, 5, 6) AND first_in IS NOT NULL THEN 1 END) AS onTimeKnown,
    COUNT(CASE WHEN status_id IN (4, 5, 6) AND first_in IS NOT NULL
      AND first_in <= COALESCE(schedule_end, schedule_start + @grace) THEN 1 END) AS onTime,
    COUNT(CASE WHEN json_extract(json, '$.site_revisit.job_status') = 'incomplete'
      OR COALESCE(json_extract(json, '$.site_revisit.revisit_count'), 0) > 0 THEN 1 END) AS incompletes,
    -- The list items a pull stores carry no problems: the open count the columns keep stands in.
    COALESCE(SUM(COALESCE(json_array_length(json, '$.problems.results'), open_problems)), 0) AS problems,
    MAX(CASE WHEN status_id IN (3, 4, 5, 6) AND schedule_start <= @now THEN schedule_start END) AS lastWorkedAt
  FROM mine
`;

type HistoryCounts = Omit<ProviderHistory, 'providerId' | 'profile'>;

const statements = new WeakMap<CacheDatabase, { history: ReturnType<CacheDatabase['prepare']>; profile: ReturnType<CacheDatabase['prepare']> }>();

function prepared(db: CacheDatabase) {
  let found = statements.get(db);
  if (!found) {
    found = { history: db.prepare(HISTORY_SQL), profile: db.prepare('SELECT json FROM providers WHERE id = ?').pluck() };
    statements.set(db, found);
  }
  return found;
}

/** This company's record with one provider, from the cache only; zeros for a provider it never used. */
export function readProviderHistory(db: CacheDatabase, providerId: number, now: number = Date.now()): ProviderHistory {
  const s = prepared(db);
  const counts = s.history.get({ provider: providerId, grace: ON_TIME_GRACE_MS, now }) as HistoryCounts;
  const profile = s.profile.get(providerId) as string | undefined;
  return { providerId, profile: profile ? (JSON.parse(profile) as ProviderProfile) : null, ...counts };
}
