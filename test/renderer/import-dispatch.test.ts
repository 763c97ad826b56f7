import { describe, expect, it } from 'vitest';
import { matchColumns } from '../../src-renderer/lib/import/import-fields';
import { RowReader } from '../../src-renderer/lib/import/import-rows';

// The import's auto-dispatch columns: yes or no, the selection rule by name or id, route or assign;
// and the service type auto-dispatch needs. A row the marketplace would refuse to dispatch says why.

const HEADINGS = ['Title', 'Type of work', 'Service type', 'Start', 'Pay', 'Address', 'City', 'State', 'Zip', 'Auto-dispatch', 'Selection rule', 'Route or assign'];
const RULES = [
  { id: 1101, name: 'Nearest qualified provider' },
  { id: 1102, name: 'Best rated within 250 miles' },
];
const reader = new RowReader(matchColumns(HEADINGS), { selectionRules: RULES });
/** A POS job in Chicago with everything dispatch needs, then the three dispatch cells. */
const row = (autoDispatch: string, rule = '', mode = '', serviceType = 'Installation') =>
  reader.read(['Install POS', 'Point of Sale (POS)', serviceType, '2026-12-01 09:00', '240', '1 Main St', 'Chicago', 'IL', '60601', autoDispatch, rule, mode], 2);

describe('the import’s auto-dispatch columns', () => {
  it('match their headings by the usual names', () => {
    expect(matchColumns(HEADINGS).slice(2).map((column) => column.target)).toEqual(['serviceType', 'start', 'payAmount', 'address1', 'city', 'state', 'zip', 'autoDispatch', 'selectionRule', 'dispatchMode']);
    expect(matchColumns(['Autodispatch', 'Dispatch rule', 'Assign or route', 'Service types']).map((column) => column.target)).toEqual(['autoDispatch', 'selectionRule', 'dispatchMode', 'serviceType']);
  });

  it('set auto_dispatch and the dispatch to queue: the rule by name or id, assign unless route is said', () => {
    const assigned = row('yes', 'nearest qualified provider');
    expect(assigned.problems).toEqual([]);
    expect(assigned.body).toMatchObject({ auto_dispatch: true, service_types_new: [{ id: 61 }], types_of_work: [{ id: 62, isPrimary: true }] });
    expect(assigned.dispatch).toEqual({ selectionRuleId: 1101, shouldRoute: false });
    expect(row('Y', '1102', 'Route').dispatch).toEqual({ selectionRuleId: 1102, shouldRoute: true });
    expect(row('TRUE', '', 'route to the best match').dispatch).toEqual({ shouldRoute: true });
    expect(row('yes', '', 'Assign').dispatch).toEqual({ shouldRoute: false });
  });

  it('leave a row without them, or with no, a plain draft', () => {
    for (const flag of ['', 'no', 'No']) {
      const plain = row(flag);
      expect(plain.problems).toEqual([]);
      expect(plain.body).not.toHaveProperty('auto_dispatch');
      expect(plain.dispatch).toBeUndefined();
    }
  });

  it('name each cell they cannot read, on its row', () => {
    expect(row('maybe').problems).toEqual([{ field: 'Auto-dispatch', message: '“maybe” is not yes or no' }]);
    expect(row('yes', 'Closest').problems).toEqual([{ field: 'Selection rule', message: 'No selection rule is called “Closest”' }]);
    expect(row('yes', '', 'Dispatch').problems).toEqual([{ field: 'Route or assign', message: '“Dispatch” is not route or assign' }]);
    expect(row('yes', '', '', 'Painting').problems).toEqual([
      { field: 'Service type', message: 'The row’s type of work has no service type “Painting”' },
      { field: 'Auto-dispatch', message: 'Auto-dispatch needs a service type' },
    ]);
    expect(row('yes').body).toBeDefined();
    expect(row('maybe').body).toBeUndefined();
  });

  it('refuse a rule or a mode on a row not dispatched, rather than drop it', () => {
    expect(row('no', 'Nearest qualified provider', 'route').problems).toEqual([
      { field: 'Selection rule', message: 'A selection rule needs Auto-dispatch set to yes' },
      { field: 'Route or assign', message: 'Route or assign needs Auto-dispatch set to yes' },
    ]);
  });

  it('say what the marketplace would refuse the dispatch for: a service type and what publishing needs', () => {
    const bare = new RowReader(matchColumns(['Title', 'Auto-dispatch']), { selectionRules: RULES }).read(['Survey', 'yes'], 5);
    expect(bare.row).toBe(5);
    expect(bare.body).toBeUndefined();
    expect(bare.problems).toEqual([{ field: 'Auto-dispatch', message: 'Auto-dispatch needs a service type, a type of work, a location, a schedule and pay' }]);
    // A service type needs its type of work.
    const orphan = new RowReader(matchColumns(['Title', 'Service type']), {}).read(['Survey', 'Installation'], 3);
    expect(orphan.problems).toEqual([{ field: 'Service type', message: 'A service type needs a type of work' }]);
  });
});
