import type { CustomExpenseData, TagData } from '../domain/company';
import type { MarketplaceDatabase } from '../store/database';

/** The demo company's work order tags 901–906. */
export const DEMO_TAGS: readonly ({ id: number } & TagData)[] = [
  { id: 901, label: 'Priority', hex_color: '#D64545', valid_statuses: ['created', 'published', 'routed', 'assigned'], types: ['custom_company', 'show_in_dashboard'] },
  { id: 902, label: 'Needs parts', hex_color: '#E8A33D', valid_statuses: ['assigned', 'workdone'], types: ['custom_company'] },
  { id: 903, label: 'Revisit', hex_color: '#7A5AF8', valid_statuses: ['assigned', 'workdone', 'approved'], types: ['custom_company', 'show_in_dashboard'] },
  {
    id: 904,
    label: 'Client escalation',
    hex_color: '#B42318',
    valid_statuses: ['created', 'published', 'routed', 'assigned', 'workdone'],
    types: ['custom_company', 'hide_from_provider', 'show_in_dashboard'],
  },
  { id: 905, label: 'After hours', hex_color: '#1570EF', valid_statuses: ['published', 'routed', 'assigned'], types: ['custom_company'] },
  { id: 906, label: 'Billing review', hex_color: '#667085', valid_statuses: ['approved', 'paid'], types: ['custom_company', 'hide_from_provider'] },
];

/** The demo company's custom expenses 951–954, each under a system category. */
export const DEMO_CUSTOM_EXPENSES: readonly ({ id: number } & CustomExpenseData)[] = [
  { id: 951, category_id: 2, label: 'Cable drop (per run)', description: 'Cat6 run up to 150 ft, terminated and tested', amount: 45, api_code: 'CBL-DROP' },
  { id: 952, category_id: 1, label: 'Mileage (per mile)', description: 'Round trip beyond the first 50 miles', amount: 0.67, api_code: 'MILEAGE' },
  { id: 953, category_id: 3, label: 'Scissor lift (per day)', description: 'Rented lift for ceiling work above 12 ft', amount: 185, api_code: 'LIFT-DAY' },
  { id: 954, category_id: 4, label: 'Return shipping label', description: 'Prepaid label for returning replaced parts', amount: 18.5, api_code: 'SHIP-RTN' },
];

export function seedCompanyLists(db: MarketplaceDatabase, companyId: number): void {
  const insertTag = db.prepare('INSERT INTO tags (id, company_id, data) VALUES (?, ?, ?)');
  for (const { id, ...data } of DEMO_TAGS) insertTag.run(id, companyId, JSON.stringify(data));
  const insertExpense = db.prepare('INSERT INTO expense_categories (id, company_id, data) VALUES (?, ?, ?)');
  for (const { id, ...data } of DEMO_CUSTOM_EXPENSES) insertExpense.run(id, companyId, JSON.stringify(data));
}
