import type { SelectionRuleCriterionName, SelectionRuleMatchStatus } from '../../../src-shared/api/selection-rule';
import type { ProviderData } from './providers';
import { doesTypeOfWork } from './provider-skills';
import type { ProviderWork } from './provider-work';
import type { CriterionData, CriterionGrades } from './selection-rules';

// How a selection rule ranks providers for one order *(ours: the spec and the models name the
// criteria, not their arithmetic)*:
//
// 1. A provider who misses a `required` criterion is out.
// 2. The others score the `weight` of each criterion they meet; the highest score wins.
// 3. Ties go down the criteria in `order`, each by its own measure: nearer, better rated, more jobs,
//    fewer orders on hand, meeting it before missing it. Then the marketplace's stars, the number
//    of ratings, and the lowest id, so a rule always gives one answer.
//
// A criterion's `value` is text: miles for SC_DISTANCE_FROM_WORK_ORDER, stars for
// SC_STAR_BASED_RATING, a count for the SC_AMOUNT_* ones, a talent pool group id for
// SC_MY_TECHNICIAN_GROUP (empty: any of the company's groups), a type of work id for
// SC_TYPE_OF_WORK. A yes-or-no criterion is met by `equal_to` (`not_equal_to` inverts it; a value
// of `false` asks for the opposite). A criterion the marketplace cannot judge (READERS has none:
// certifications, insurance, equipment, interviews) is never met.

/** A provider who could take the order, with what the rule looks at. */
export interface Candidate {
  id: number;
  first_name: string;
  last_name: string;
  data: ProviderData;
  work: ProviderWork;
  /** Home base to the site as the crow flies; undefined when either place is unknown. */
  miles: number | undefined;
}

/** What a rule reads of the order itself. */
export interface OrderFacts {
  typeOfWorkId: number | null;
}

type Fact = number | boolean | undefined;

interface Reader {
  read(candidate: Candidate, order: OrderFacts, value: string): Fact;
  /** Which way is better, for numbers; yes-or-no facts rank a yes first. */
  better?: 'lower' | 'higher';
}

const READERS: Partial<Record<SelectionRuleCriterionName, Reader>> = {
  SC_DISTANCE_FROM_WORK_ORDER: { read: (candidate) => candidate.miles, better: 'lower' },
  SC_STAR_BASED_RATING: { read: (candidate) => candidate.data.rating.marketplace.stars ?? 0, better: 'higher' },
  SC_SERVICE_CATEGORY_OF_WORKORDER: { read: (candidate, order) => doesTypeOfWork(candidate.data, order.typeOfWorkId) },
  SC_TYPE_OF_WORK: { read: (candidate, _order, value) => doesTypeOfWork(candidate.data, Number(value)) },
  SC_MY_TECHNICIAN_GROUP: { read: ({ work }, _order, value) => (value.trim() === '' ? work.groups.length > 0 : work.groups.some((group) => String(group.id) === value.trim())) },
  SC_ASSIGNED_BEFORE: { read: ({ work }) => work.jobsForCompany > 0 },
  SC_AMOUNT_COMPLETED_FOR_MY_COMPANY: { read: ({ work }) => work.jobsForCompany, better: 'higher' },
  SC_AMOUNT_COMPLETED_FOR_ALL_COMPANIES: { read: ({ work }) => work.jobsOnMarketplace, better: 'higher' },
  SC_AMOUNT_CURRENTLY_ASSIGNED: { read: ({ work }) => work.assigned.length, better: 'lower' },
  SC_BACKGROUND_CHECK: { read: ({ data }) => data.background_checks.length > 0 },
  SC_DRUG_TEST: { read: ({ data }) => data.drug_tests.length > 0 },
  SC_PROTEC_PROVIDER: { read: ({ data }) => data.protec },
};

/** The criteria the marketplace judges; a rule made of others could never be met. */
export const JUDGED_CRITERIA = Object.keys(READERS) as SelectionRuleCriterionName[];

/** Without a rule: those who do the order's type of work, the best rated first (as before rules). */
export const DEFAULT_CRITERIA: readonly CriterionData[] = [
  { id: 0, name: 'SC_SERVICE_CATEGORY_OF_WORKORDER', description: 'Does the type of work of the order', operation: 'equal_to', value: '', required: true, weight: 0, order: 1 },
];

function meets(criterion: CriterionData, fact: Fact): boolean {
  if (fact === undefined) return false;
  const inverted = criterion.operation === 'not_equal_to';
  if (typeof fact === 'boolean') return (fact === (criterion.value.trim().toLowerCase() !== 'false')) !== inverted;
  const wanted = Number(criterion.value);
  if (criterion.value.trim() === '' || !Number.isFinite(wanted)) return false;
  if (criterion.operation === 'greater_than') return fact > wanted;
  if (criterion.operation === 'less_than') return fact < wanted;
  return (fact === wanted) !== inverted;
}

export interface Graded {
  candidate: Candidate;
  grades: CriterionGrades;
  score: number;
  facts: ReadonlyMap<number, Fact>;
}

function grade(candidate: Candidate, criteria: readonly CriterionData[], order: OrderFacts): Graded {
  const grades = new Map<number, SelectionRuleMatchStatus>();
  const facts = new Map<number, Fact>();
  let score = 0;
  for (const criterion of criteria) {
    const fact = READERS[criterion.name]?.read(candidate, order, criterion.value);
    facts.set(criterion.id, fact);
    const met = meets(criterion, fact);
    if (met) score += criterion.weight;
    grades.set(criterion.id, met ? 'match' : criterion.required ? 'no_match_required' : 'no_match_optional');
  }
  return { candidate, grades, score, facts };
}

/** Negative when `first` ranks before `second` on this fact; unknown facts go last. */
function byFact(reader: Reader | undefined, first: Fact, second: Fact): number {
  if (first === second) return 0;
  if (first === undefined) return 1;
  if (second === undefined) return -1;
  if (typeof first === 'boolean' || typeof second === 'boolean') return first ? -1 : 1;
  return reader?.better === 'lower' ? first - second : second - first;
}

const stars = (candidate: Candidate) => candidate.data.rating.marketplace.stars ?? 0;
const ratings = (candidate: Candidate) => candidate.data.rating.marketplace.total_ratings ?? 0;

/** The providers the rule lets through, best first. */
export function rank(candidates: readonly Candidate[], criteria: readonly CriterionData[], order: OrderFacts): Graded[] {
  const inOrder = [...criteria].sort((first, second) => first.order - second.order || first.id - second.id);
  const eligible = candidates.map((candidate) => grade(candidate, criteria, order)).filter((graded) => ![...graded.grades.values()].includes('no_match_required'));
  return eligible.sort((first, second) => {
    if (first.score !== second.score) return second.score - first.score;
    for (const criterion of inOrder) {
      const compared = byFact(READERS[criterion.name], first.facts.get(criterion.id), second.facts.get(criterion.id));
      if (compared !== 0) return compared;
    }
    const [a, b] = [first.candidate, second.candidate];
    return stars(b) - stars(a) || ratings(b) - ratings(a) || a.id - b.id;
  });
}
