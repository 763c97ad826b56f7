import { listenMarketplace, type ListeningMarketplace } from '../../src-main/local-marketplace/listen';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { expect, test } from './fixtures';

// Settings, environments and sign-in (issue 12, part 3): the custom environment pointed at a second
// local marketplace, signed in with a wrong password first, then the right one; then back to local.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

let second: ListeningMarketplace | undefined;
test.afterEach(async () => {
  await second?.close();
  second = undefined;
});

test('the custom environment on a second marketplace: addresses, a wrong password refused, the right one signed in', async ({ page, webHost }) => {
  second = await listenMarketplace({ port: 0, db: ':memory:' });
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced/, { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const environments = page.getByRole('list', { name: 'Environments' });
  await expect(environments.getByRole('listitem', { name: 'Local (demo marketplace)' })).toHaveAttribute('aria-current', 'true');
  const custom = environments.getByRole('listitem', { name: 'Custom' });

  await custom.getByRole('button', { name: 'Addresses…' }).click();
  const addresses = page.getByRole('dialog', { name: 'Custom: addresses' });
  await addresses.getByRole('textbox', { name: 'API base URL' }).fill(second.baseUrl);
  await addresses.getByRole('textbox', { name: 'Sign-in URL' }).fill(second.authUrl);
  await addresses.getByRole('textbox', { name: 'Webhook service URL' }).fill(second.webhookUrl);
  await addresses.getByRole('button', { name: 'Save addresses' }).click();
  await expect(addresses).toBeHidden();
  await expect(custom).toContainText(second.baseUrl);

  // A wrong password: stored, refused at sign-in, said on the environment.
  await custom.getByRole('button', { name: 'Credentials…' }).click();
  const credentials = page.getByRole('dialog', { name: 'Custom: credentials' });
  await credentials.getByRole('textbox', { name: 'Client id' }).fill(DEMO_CREDENTIALS.clientId);
  await credentials.getByLabel('Client secret').fill(DEMO_CREDENTIALS.clientSecret);
  await credentials.getByRole('textbox', { name: 'Username' }).fill(DEMO_CREDENTIALS.username);
  await credentials.getByLabel('Password').fill('not-the-password');
  await credentials.getByRole('button', { name: 'Store and sign in' }).click();
  await expect(custom.getByRole('alert')).toHaveText(/refused the client id, username or password/, { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('environments-refused-light.png') });

  // The right one: signed in, in use, the top bar says so; the secrets never come back into the form.
  await custom.getByRole('button', { name: 'Credentials…' }).click();
  await expect(credentials.getByLabel('Password')).toHaveValue('');
  await credentials.getByRole('textbox', { name: 'Client id' }).fill(DEMO_CREDENTIALS.clientId);
  await credentials.getByLabel('Client secret').fill(DEMO_CREDENTIALS.clientSecret);
  await credentials.getByRole('textbox', { name: 'Username' }).fill(DEMO_CREDENTIALS.username);
  await credentials.getByLabel('Password').fill(DEMO_CREDENTIALS.password);
  // The webhook service's token without its company id: the shared schema names the missing half.
  await credentials.getByLabel('Webhook service token').fill(DEMO_CREDENTIALS.svcToken);
  await credentials.getByRole('button', { name: 'Store and sign in' }).click();
  const company = credentials.getByRole('textbox', { name: 'Company id', exact: true });
  await expect(company).toHaveAccessibleDescription('Give the webhook service token and the company id together, or neither');
  await company.fill(String(DEMO_CREDENTIALS.companyId));
  await credentials.getByRole('button', { name: 'Store and sign in' }).click();
  await expect(custom).toContainText('Signed in', { timeout: 20_000 });
  await expect(custom).toHaveAttribute('aria-current', 'true');
  await expect(custom.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('note', { name: 'Environment' })).toHaveText('Custom');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('environments-dark.png') });

  // With the token, the Webhooks screen can list the second marketplace's webhooks.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('button', { name: 'New webhook' })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByText(/has no webhook service token/)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();

  // Back to the local marketplace.
  await environments.getByRole('listitem', { name: 'Local (demo marketplace)' }).getByRole('button', { name: /^Use / }).click();
  await expect(page.getByRole('note', { name: 'Environment' })).toHaveText('Local marketplace');
});
