import { hashPassword, hashToken } from '../auth/secrets';
import type { ManagerData } from '../domain/providers';
import type { MarketplaceDatabase } from '../store/database';
import { DEMO_CREDENTIALS } from './demo-credentials';

export interface ManagerSeed {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Only the API user signs in; the others own work orders. */
  username?: string;
  password?: string;
}

export const DEMO_MANAGERS: readonly ManagerSeed[] = [
  {
    id: DEMO_CREDENTIALS.userId,
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: DEMO_CREDENTIALS.username,
    phone: '+1 312 555 0140',
    username: DEMO_CREDENTIALS.username,
    password: DEMO_CREDENTIALS.password,
  },
  { id: 2002, firstName: 'Marcus', lastName: 'Oyelaran', email: 'marcus.oyelaran@northwind.example', phone: '+1 312 555 0141' },
  { id: 2003, firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@northwind.example', phone: '+1 312 555 0142' },
];

/** The demo company works out of Chicago; its managers' profiles say so. */
const DEMO_OFFICE = { city: 'Chicago', state: 'IL', country: 'US', time_zone: 'America/Chicago' } as const;

/** The buyer company, its API client and its managers: what every marketplace needs to answer. */
export function seedBase(db: MarketplaceDatabase): void {
  db.prepare('INSERT INTO companies (id, name) VALUES (?, ?)').run(DEMO_CREDENTIALS.companyId, DEMO_CREDENTIALS.companyName);
  db.prepare('INSERT INTO api_clients (client_id, client_secret, company_id) VALUES (?, ?, ?)').run(
    DEMO_CREDENTIALS.clientId,
    DEMO_CREDENTIALS.clientSecret,
    DEMO_CREDENTIALS.companyId,
  );
  db.prepare('INSERT INTO svc_tokens (token_hash, company_id) VALUES (?, ?)').run(hashToken(DEMO_CREDENTIALS.svcToken), DEMO_CREDENTIALS.companyId);
  const insert = db.prepare(
    `INSERT INTO users (id, company_id, role, username, password, first_name, last_name, data) VALUES (?, ?, 'manager', ?, ?, ?, ?, ?)`,
  );
  for (const manager of DEMO_MANAGERS) {
    insert.run(
      manager.id,
      DEMO_CREDENTIALS.companyId,
      manager.username ?? null,
      manager.password ? hashPassword(manager.password) : null,
      manager.firstName,
      manager.lastName,
      JSON.stringify({ email: manager.email, phone: manager.phone, ...DEMO_OFFICE } satisfies ManagerData),
    );
  }
}
