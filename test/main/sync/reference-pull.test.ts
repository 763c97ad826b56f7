import { describe, expect, it } from 'vitest';
import { pullAll } from '../../../src-main/sync/pull';
import { syncUnderTest } from './support';

describe('the reference pull', () => {
  it('keeps every expense category: a custom one shares its system category’s id, not its uid', async () => {
    const { client, deps } = await syncUnderTest();
    await pullAll(deps);
    const listed = (await client.company.expenseCategories()).results;
    expect(listed.some((category) => category.type === 'custom')).toBe(true);
    const stored = deps.referenceData.get('expense-categories', 60_000).map((entry) => (entry.value as { label: string }).label);
    expect(stored.toSorted()).toEqual(listed.map((category) => category.label).toSorted());
  });
});
