/**
 * The demo company's credentials. Not secrets: they open a marketplace that runs on this machine
 * with made-up data, and `npm run marketplace` prints them for integrators.
 */
export const DEMO_CREDENTIALS = {
  companyId: 1001,
  companyName: 'Northwind Field Services',
  clientId: 'field-desk-local',
  clientSecret: 'local-client-secret',
  username: 'dispatch@northwind.example',
  password: 'field-desk-demo',
  userId: 2001,
  svcToken: 'local-svc-token',
} as const;
