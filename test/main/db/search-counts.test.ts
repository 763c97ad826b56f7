import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { SearchCounts } from '../../../src-main/db/search-counts';
import { searchExpression } from '../../../src-main/db/search-query';
import { StatementCache } from '../../../src-main/db/statement-cache';
import { SEARCH_COUNT_SQL } from '../../../src-main/db/wide-search';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { temporaryDir } from '../../support/temporary-dir';
import { recordStatements } from './statement-recorder';
import { generatedWorkOrders } from './work-order-fixtures';

describe('the kept counts of searches', () => {
  // A file, so a write on a second connection can be made, and must be seen too.
  const file = join(temporaryDir('search-counts-'), 'cache.db');
  const db = openCache(file);
  const repository = new WorkOrderRepository(db);
  repository.upsertMany(generatedWorkOrders(500, 3));
  const recorded = recordStatements(db);
  const counts = new SearchCounts(db, new StatementCache(db));
  const runs = () => recorded.runsOf(SEARCH_COUNT_SQL);
  const truth = (text: string) => db.prepare('SELECT COUNT(rowid) FROM work_orders_search WHERE work_orders_search MATCH ?').pluck().get(searchExpression(text)) as number;
  const count = (text: string) => counts.count(searchExpression(text) ?? '');

  it('counts as the text index does, and asks it once per search while the cache is unchanged', () => {
    for (const text of ['i', 'in', 'ins', 'in', 'i', 'printer 2']) expect(count(text), text).toBe(truth(text));
    expect(runs()).toBe(4);
  });

  it('counts again after any write, on this connection or another', () => {
    const before = count('zebra');
    expect(before).toBe(0);
    const [order] = generatedWorkOrders(1, 9_001);
    if (!order) throw new Error('no order generated');
    repository.upsertMany([{ ...order, title: 'Zebra crossing paint' }]);
    expect(count('zebra')).toBe(1);
    repository.remove(order.id);
    expect(count('zebra')).toBe(0);
    const other = openCache(file);
    try {
      new WorkOrderRepository(other).upsertMany([{ ...order, title: 'Zebra crossing paint' }]);
    } finally {
      other.close();
    }
    expect(count('zebra')).toBe(1);
  });
});
