import { z } from 'zod';
import { ActionsSchema, knownString, listEnvelope, ListMetadataSchema } from './common';
import { integerField, PageNumberSchema } from './form-fields';

/** `SelectionRuleCriteria.NameEnum` of the SDK models: what a criterion looks at. */
export const SELECTION_RULE_CRITERION_NAMES = [
  'SC_AMOUNT_COMPLETED_FOR_ALL_COMPANIES',
  'SC_AMOUNT_COMPLETED_FOR_MY_COMPANY',
  'SC_AMOUNT_CURRENTLY_ASSIGNED',
  'SC_ASSIGNED_BEFORE',
  'SC_ASSIGNED_NEARBY',
  'SC_BACKGROUND_CHECK',
  'SC_BLOCK_RATIO',
  'SC_CANCEL_RATIO',
  'SC_CERTIFICATION',
  'SC_CUSTOM_PROVIDER_FIELDS',
  'SC_DISCLOSE_ADDRESS',
  'SC_DISTANCE_FROM_WORK_ORDER',
  'SC_DRUG_TEST',
  'SC_EQUIPMENT',
  'SC_INSURANCE',
  'SC_MY_TECHNICIAN_GROUP',
  'SC_OVERALL_RATING',
  'SC_PHONE_CALL_BUYER',
  'SC_PHONE_INTERVIEW',
  'SC_PROTEC_PROVIDER',
  'SC_PROVIDER_AND_WORK_ORDER',
  'SC_RECENTLY_MATCHED_WO',
  'SC_REQUESTED',
  'SC_SERVICE_CATEGORY',
  'SC_SERVICE_CATEGORY_OF_WORKORDER',
  'SC_STAR_BASED_RATING',
  'SC_TYPE_OF_WORK',
  'SC_VERIFICATION',
] as const;
export type SelectionRuleCriterionName = (typeof SELECTION_RULE_CRITERION_NAMES)[number];

/** `SelectionRuleCriteria.OperationEnum`: how the provider's value compares with the criterion's `value`. */
export const SELECTION_RULE_OPERATIONS = ['equal_to', 'greater_than', 'less_than', 'not_equal_to'] as const;
export type SelectionRuleOperation = (typeof SELECTION_RULE_OPERATIONS)[number];

/** `StatusEnum` of a rule and of each criterion, once held against one provider. */
export const SELECTION_RULE_MATCH_STATUSES = ['match', 'no_match_optional', 'no_match_required'] as const;
export type SelectionRuleMatchStatus = (typeof SELECTION_RULE_MATCH_STATUSES)[number];

/** One criterion of a rule (`SelectionRuleCriteria`); `status` only where the rule was held against a provider. */
export const SelectionRuleCriterionSchema = z.looseObject({
  id: z.number().int(),
  name: knownString(SELECTION_RULE_CRITERION_NAMES),
  description: z.string().nullish(),
  operation: knownString(SELECTION_RULE_OPERATIONS).nullish(),
  /** Always text in the models: a number of miles or stars, a count, an id, or empty. */
  value: z.string().nullish(),
  required: z.boolean().nullish(),
  weight: z.number().int().nullish(),
  order: z.number().int().nullish(),
  service: z.string().nullish(),
  extra: z.string().nullish(),
  custom_field: z.unknown().optional(),
  status: knownString(SELECTION_RULE_MATCH_STATUSES).nullish(),
});
export type SelectionRuleCriterion = z.infer<typeof SelectionRuleCriterionSchema>;

/** How many criteria a provider met (`SelectionRuleSum`). */
export const SelectionRuleSumSchema = z.looseObject({
  match: z.number().int().nullish(),
  no_match_optional: z.number().int().nullish(),
  no_match_required: z.number().int().nullish(),
  total: z.number().int().nullish(),
});
export type SelectionRuleSum = z.infer<typeof SelectionRuleSumSchema>;

/**
 * A selection rule (`SelectionRule`): its criteria in `results`, an envelope of their own. `status`
 * and `sum` grade one provider, so a rule carries them only where it was held against one (an
 * auto-dispatch worker's answer), not in GET company/selection_rules.
 */
export const SelectionRuleSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  metadata: ListMetadataSchema.nullish(),
  results: z.array(SelectionRuleCriterionSchema).nullish(),
  status: knownString(SELECTION_RULE_MATCH_STATUSES).nullish(),
  sum: SelectionRuleSumSchema.nullish(),
  actions: ActionsSchema.nullish(),
});
export type SelectionRule = z.infer<typeof SelectionRuleSchema>;

/** Answer of GET company/selection_rules. */
export const SelectionRuleListSchema = listEnvelope(SelectionRuleSchema);
export type SelectionRuleList = z.infer<typeof SelectionRuleListSchema>;

/** Query of GET company/selection_rules: paged like work order lists, at most 100 a page (decisions §3). */
export const SelectionRuleListQuerySchema = z.object({
  page: PageNumberSchema.optional(),
  per_page: integerField(z.number().int().min(1).max(100)).optional(),
});
export type SelectionRuleListQuery = z.infer<typeof SelectionRuleListQuerySchema>;
