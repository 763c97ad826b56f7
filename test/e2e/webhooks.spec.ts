import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '../support/until';
import { callHost } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// Webhooks (issue 17, item 5): one created (a validation error first) for an endpoint this test
// serves, an order published, its delivery seen in the screen's log and at the endpoint with the
// secret's Svc-Hash; then paused through an edit and deleted.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

/** A draft of the demo company (seed/work-orders.ts). */
const DRAFT = 10004;
const SECRET = 'shared-with-the-endpoint';

interface Received {
  method: string;
  hash: string | undefined;
  body: string;
}

let server: Server;
const received: Received[] = [];
let endpoint = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', hash: request.headers['svc-hash'] as string | undefined, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/field-desk`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a webhook is created (after a validation error), delivers a published order, shows it in its log, is paused and deleted', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  const screen = page.getByRole('region', { name: 'Webhooks' });
  await expect(screen.getByText('No webhooks yet', { exact: false })).toBeVisible();

  await screen.getByRole('button', { name: 'New webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook' });
  const url = dialog.getByRole('textbox', { name: 'URL' });
  await url.fill('ftp://example.com/hooks');
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  // The shared schema's rule on its field, and the picker's own: an empty choice is no choice.
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription('The webhook url must be an http or https URL');
  const events = dialog.getByRole('group', { name: 'Events' });
  await expect(events).toHaveAccessibleDescription('Choose at least one event, or every event');
  await expect(dialog.getByRole('alert')).toHaveText('Fix the marked fields first.');
  await shoot(page, 'webhook-dialog');

  await url.fill(endpoint);
  await expect(url).not.toHaveAttribute('aria-invalid');
  await events.getByRole('button', { name: 'Select all: Status changes' }).click();
  await expect(events.getByRole('checkbox', { name: 'Paid' })).toBeChecked();
  await events.getByRole('button', { name: 'Select none: Status changes' }).click();
  await events.getByRole('checkbox', { name: 'Published', exact: true }).check();
  await events.getByRole('checkbox', { name: 'Message posted' }).check();
  await expect(events.getByText('2 of 28 chosen')).toBeVisible();
  await dialog.getByLabel('Secret', { exact: true }).fill(SECRET);
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(dialog).toBeHidden();

  const row = screen.getByRole('row').filter({ hasText: endpoint });
  await expect(row).toContainText('Published, Message posted');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Signed');

  // A published draft is the event: through the app's own outbox, as a coordinator's publish goes.
  await callHost(webHost, 'workorders:publish', { id: DRAFT });
  await row.getByRole('button', { name: `Deliveries of ${endpoint}` }).click();
  const log = page.getByRole('region', { name: 'Deliveries' });
  const attempts = log.getByRole('table', { name: 'Delivery attempts, newest first' }).getByRole('row');
  await until(
    async () => {
      await log.getByRole('button', { name: 'Refresh deliveries' }).click();
      return attempts.count();
    },
    (count) => count > 1,
    'a delivery in the webhook’s log',
    30_000,
    250,
  );
  const first = attempts.nth(1);
  await expect(first).toContainText('Published');
  await expect(first).toContainText(String(DRAFT));
  await expect(first.getByRole('cell').nth(4)).toHaveText('204');
  await expect(first.getByRole('cell').nth(5)).toHaveText(/^\d+ ms$/);
  await expect(first).toContainText('Delivered');

  // The endpoint got it, signed with the secret the screen never shows again.
  expect(received).toHaveLength(1);
  const [delivery] = received;
  expect(delivery?.method).toBe('POST');
  expect(delivery?.hash).toBe(createHash('md5').update(SECRET + (delivery?.body ?? '')).digest('hex'));
  expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ event: { name: 'workorder.status.published', params: { work_order_id: DRAFT } } });
  await shoot(page, 'webhooks-log');

  // Paused through an edit: the secret is not shown back, only that one is set.
  await row.getByRole('button', { name: `Edit ${endpoint}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook' });
  await expect(edit.getByText('A secret is set')).toBeVisible();
  await expect(edit.getByLabel('New secret')).toHaveCount(0);
  await expect(edit.getByRole('checkbox', { name: 'Published', exact: true })).toBeChecked();
  await edit.getByRole('switch', { name: 'Active' }).uncheck();
  await edit.getByRole('switch', { name: 'No retries' }).check();
  await shoot(page, 'webhook-edit');
  await edit.getByRole('button', { name: 'Save webhook' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Paused');
  await expect(row).toContainText('No retries');
  const [stored] = await callHost<{ url: string; active: boolean; no_retries: boolean; has_secret: boolean; secret?: string }[]>(webHost, 'webhooks:list');
  expect(stored).toMatchObject({ url: endpoint, active: false, no_retries: true, has_secret: true });
  // Write-only: the secret never crosses IPC, only that one is set.
  expect(stored).not.toHaveProperty('secret');

  await row.getByRole('button', { name: `Delete ${endpoint}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
  await confirm.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(row).toHaveCount(0);
  await expect(log).toHaveCount(0);
  expect(await callHost<unknown[]>(webHost, 'webhooks:list')).toEqual([]);
});
