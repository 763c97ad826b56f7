import type { CriterionData } from '../domain/selection-rules';
import { insertSelectionRule } from '../domain/selection-rules';
import type { MarketplaceDatabase } from '../store/database';

type Criterion = Omit<CriterionData, 'id'>;

const doesTheWork = (order: number): Criterion => ({
  name: 'SC_SERVICE_CATEGORY_OF_WORKORDER',
  description: 'Does the type of work of the order',
  operation: 'equal_to',
  value: '',
  required: true,
  weight: 0,
  order,
});

/**
 * The demo company's selection rules 1101–1104, one per way a coordinator picks: the nearest, the
 * best rated, the company's own talent pools, the screened and known. Criterion ids are the rule's
 * id and a two-digit number.
 */
export const DEMO_SELECTION_RULES: readonly { id: number; name: string; criteria: readonly Criterion[] }[] = [
  {
    id: 1101,
    name: 'Nearest qualified provider',
    criteria: [doesTheWork(1), { name: 'SC_DISTANCE_FROM_WORK_ORDER', description: 'Based within 100 miles of the site', operation: 'less_than', value: '100', required: true, weight: 10, order: 2 }],
  },
  {
    id: 1102,
    name: 'Best rated within 250 miles',
    criteria: [
      { name: 'SC_STAR_BASED_RATING', description: 'Rated above 4.5 stars on the marketplace', operation: 'greater_than', value: '4.5', required: false, weight: 5, order: 1 },
      doesTheWork(2),
      { name: 'SC_DISTANCE_FROM_WORK_ORDER', description: 'Based within 250 miles of the site', operation: 'less_than', value: '250', required: true, weight: 0, order: 3 },
    ],
  },
  {
    id: 1103,
    name: 'Talent pools first, then the nearest',
    criteria: [
      { name: 'SC_MY_TECHNICIAN_GROUP', description: 'In one of our talent pools', operation: 'equal_to', value: '', required: false, weight: 10, order: 1 },
      { name: 'SC_DISTANCE_FROM_WORK_ORDER', description: 'Based within 150 miles of the site', operation: 'less_than', value: '150', required: false, weight: 5, order: 2 },
      doesTheWork(3),
    ],
  },
  {
    id: 1104,
    name: 'Screened for secure sites',
    criteria: [
      { name: 'SC_ASSIGNED_BEFORE', description: 'Has finished work for us before', operation: 'equal_to', value: 'true', required: false, weight: 10, order: 1 },
      { name: 'SC_AMOUNT_CURRENTLY_ASSIGNED', description: 'Fewer than 3 orders on hand', operation: 'less_than', value: '3', required: false, weight: 5, order: 2 },
      { name: 'SC_BACKGROUND_CHECK', description: 'Holds a background check', operation: 'equal_to', value: 'true', required: true, weight: 0, order: 3 },
      { name: 'SC_DRUG_TEST', description: 'Holds a drug test', operation: 'equal_to', value: 'true', required: true, weight: 0, order: 4 },
      doesTheWork(5),
    ],
  },
];

export function seedSelectionRules(db: MarketplaceDatabase, companyId: number): void {
  for (const rule of DEMO_SELECTION_RULES) {
    const criteria = rule.criteria.map((criterion, index) => ({ ...criterion, id: rule.id * 100 + index + 1 }));
    insertSelectionRule(db, companyId, rule.name, criteria, rule.id);
  }
}
