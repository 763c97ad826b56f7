import { describe, expect, it } from 'vitest';
import {
  CompanyExpenseCategoryListSchema,
  IncompleteReasonListSchema,
  PreferredProviderGroupListSchema,
  TagListSchema,
  TypeOfWorkListSchema,
} from '../../../src-shared/api/company';
import { INCOMPLETE_REASONS, TYPES_OF_WORK } from '../../../src-shared/api/reference-data';
import { WorkOrderSchema } from '../../../src-shared/api/work-order';

const referenceMetadata = { total: 27, page: 1, pages: 1, per_page: 5000 };

describe('company reference answers', () => {
  it('reads the types of work list built from the constants', () => {
    const list = TypeOfWorkListSchema.parse({ metadata: { ...referenceMetadata, view: 'list', sort: 'name', order: 'asc' }, results: [...TYPES_OF_WORK] });
    expect(list.results).toHaveLength(27);
  });

  it('reads company expense categories, system and custom', () => {
    const list = CompanyExpenseCategoryListSchema.parse({
      metadata: { ...referenceMetadata, total: 2 },
      results: [
        { uid: 1, id: 1, company_expense_id: 0, label: 'Materials', description: '', type: 'system', actions: [] },
        { uid: 2, id: 2, company_expense_id: 14, label: 'Parking', description: 'Flat', amount: 15, type: 'custom', actions: ['delete', 'edit'] },
      ],
      actions: ['add'],
    });
    expect(list.results[1]?.amount).toBe(15);
  });

  it('reads tags, also with statuses and types the contract does not list', () => {
    const tag = { id: 1, label: 'VIP', hex_color: '#FF0000', valid_statuses: ['created', 'assigned'], types: ['custom_company'], actions: ['edit'] };
    const metadata = { ...referenceMetadata, total: 1, columns: 'id,label,hex_color,valid_statuses,types', view: 'model' };
    expect(TagListSchema.safeParse({ metadata, results: [tag] }).success).toBe(true);
    // Every work order embeds its tags: one unlisted value must not make the order unreadable.
    const unlisted = TagListSchema.parse({ metadata, results: [{ ...tag, valid_statuses: ['draft'], types: ['sticky'] }] });
    expect(unlisted.results[0]).toMatchObject({ valid_statuses: ['draft'], types: ['sticky'] });
    expect(WorkOrderSchema.safeParse({ id: 5, tags: { results: [{ ...tag, types: ['sticky'] }] } }).success).toBe(true);
    expect(TagListSchema.safeParse({ metadata, results: [{ ...tag, types: [3] }] }).success).toBe(false);
  });

  it('reads incomplete reasons as a bare array', () => {
    expect(IncompleteReasonListSchema.parse([...INCOMPLETE_REASONS])).toHaveLength(5);
    expect(IncompleteReasonListSchema.safeParse({ results: [...INCOMPLETE_REASONS] }).success).toBe(false);
  });

  it('reads preferred provider groups', () => {
    expect(
      PreferredProviderGroupListSchema.safeParse({
        metadata: { ...referenceMetadata, total: 1 },
        results: [{ id: 3, name: 'Gold techs', providers: 12, actions: ['edit'] }],
      }).success,
    ).toBe(true);
  });
});
