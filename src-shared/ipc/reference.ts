import { z } from 'zod';
import { CompanyExpenseCategorySchema, IncompleteReasonSchema, TagSchema, TypeOfWorkSchema } from '../api/company';
import { SelectionRuleSchema } from '../api/selection-rule';

// The company's reference lists as `reference:get` answers them: pulled at each sync, read offline.

export const REFERENCE_KINDS = ['types-of-work', 'tags', 'expense-categories', 'incomplete-reasons', 'selection-rules'] as const;
export const ReferenceKindSchema = z.enum(REFERENCE_KINDS);
export type ReferenceKind = z.infer<typeof ReferenceKindSchema>;

/** The entry shape of each reference kind: each answer is checked against its own kind's. */
const REFERENCE_ENTRY_SCHEMAS = {
  'types-of-work': TypeOfWorkSchema,
  tags: TagSchema,
  'expense-categories': CompanyExpenseCategorySchema,
  'incomplete-reasons': IncompleteReasonSchema,
  /** Auto-dispatch takes one's id; the job form, the import and the action prompt offer them. */
  'selection-rules': SelectionRuleSchema,
} as const satisfies Record<(typeof REFERENCE_KINDS)[number], z.ZodType>;

const referenceList = <Kind extends ReferenceKind>(kind: Kind) => z.object({ kind: z.literal(kind), entries: z.array(REFERENCE_ENTRY_SCHEMAS[kind]) });

/** Answer of `reference:get`: the kind asked for, with its entries as the pull stored them. */
export const ReferenceListSchema = z.discriminatedUnion('kind', [
  referenceList('types-of-work'),
  referenceList('tags'),
  referenceList('expense-categories'),
  referenceList('incomplete-reasons'),
  referenceList('selection-rules'),
]);
export type ReferenceList = z.infer<typeof ReferenceListSchema>;
