import { serviceTypesFor } from '../../../src-shared/api/reference-data';
import { hasServiceType, missingForDispatch } from '../../../src-shared/domain/work-order-rules';
import { describeMissing } from '../format';
import type { JobValues } from '../job/job-values';
import type { ImportField } from './import-fields';
import { NameIndex } from './import-names';

/**
 * A row's service types and auto-dispatch columns. "Auto-dispatch" yes sets the order's
 * `auto_dispatch` and, once the draft is made, queues its auto-dispatch (the marketplace publishes
 * it and picks the provider) by the row's "Selection rule" (by name or id; none: the best rated for
 * the type of work), assigning the best match unless "Route or assign" says route.
 */

/** How a row's order is dispatched once made; the auto-dispatch call's options. */
export interface ImportDispatch {
  selectionRuleId?: number;
  shouldRoute: boolean;
}

export type DispatchCells = Partial<Record<'serviceType' | 'autoDispatch' | 'selectionRule' | 'dispatchMode', string>>;
type Problem = (field: ImportField, message: string) => void;

export const YES = new Set(['yes', 'y', 'true', '1', 'x', 'required', 'on']);
export const NO = new Set(['no', 'n', 'false', '0', '', 'off']);
const ROUTE = new Set(['route', 'routed', 'routetothebestmatch', 'routeit']);
const ASSIGN = new Set(['assign', 'assigned', 'assignthebestmatch', 'assignit']);

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The cell's service types, among those of the row's types of work; each one not found is a problem. */
export function readServiceTypes(cell: DispatchCells, values: JobValues, problem: Problem): void {
  if (!cell.serviceType) return;
  if (values.typeOfWorkIds.length === 0) return problem('serviceType', 'A service type needs a type of work');
  const known = new NameIndex(values.typeOfWorkIds.flatMap((id) => serviceTypesFor(id)));
  for (const name of cell.serviceType.split(/\s*[;|]\s*/).filter(Boolean)) {
    const found = known.find(name);
    if (found) values.serviceTypeIds.push(found.id);
    else problem('serviceType', `The row’s type of work has no service type “${name}”`);
  }
}

/** The auto-dispatch columns: the flag on the values, and the dispatch to queue; undefined without it. */
export function readDispatch(cell: DispatchCells, values: JobValues, rules: NameIndex<{ id: number; name: string }>, problem: Problem): ImportDispatch | undefined {
  const flag = cell.autoDispatch === undefined ? undefined : squash(cell.autoDispatch);
  if (flag !== undefined && !YES.has(flag) && !NO.has(flag)) problem('autoDispatch', `“${cell.autoDispatch}” is not yes or no`);
  const on = flag !== undefined && YES.has(flag);
  const rule = cell.selectionRule ? rules.find(cell.selectionRule) : undefined;
  if (cell.selectionRule && !rule) problem('selectionRule', `No selection rule is called “${cell.selectionRule}”`);
  const mode = cell.dispatchMode === undefined ? undefined : squash(cell.dispatchMode);
  if (mode !== undefined && !ROUTE.has(mode) && !ASSIGN.has(mode)) problem('dispatchMode', `“${cell.dispatchMode}” is not route or assign`);
  // A rule or a mode on a row that is not dispatched would be dropped without a word.
  if (!on && cell.selectionRule) problem('selectionRule', 'A selection rule needs Auto-dispatch set to yes');
  if (!on && cell.dispatchMode) problem('dispatchMode', 'Route or assign needs Auto-dispatch set to yes');
  if (!on) return undefined;
  values.autoDispatch = true;
  return { ...(rule ? { selectionRuleId: rule.id } : {}), shouldRoute: mode !== undefined && ROUTE.has(mode) };
}

/** What the marketplace would refuse the row's auto-dispatch for (decisions §2), said on the Auto-dispatch column. */
export function checkDispatchable(body: Record<string, unknown>, problem: Problem): void {
  const fields = body as Parameters<typeof missingForDispatch>[0] & Parameters<typeof hasServiceType>[0];
  const missing = [...(hasServiceType(fields) ? [] : ['service_types']), ...missingForDispatch(fields)];
  if (missing.length > 0) problem('autoDispatch', `Auto-dispatch needs ${describeMissing(missing)}`);
}
