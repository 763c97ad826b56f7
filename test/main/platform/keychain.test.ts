import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

// Proves the machine's keychain is real and reachable (CI runs gnome-keyring on a session bus).
// Where no Secret Service runs, the test says so and is skipped, unless FIELD_DESK_REQUIRE_KEYCHAIN
// is set, as in CI, where a missing keychain must fail.
const keytar = await import('keytar').then((module) => module.default ?? module).catch(() => undefined);
const available = keytar ? await keytar.findCredentials('field-desk-probe').then(() => true, () => false) : false;
const required = Boolean(process.env.FIELD_DESK_REQUIRE_KEYCHAIN);

describe.runIf(available || required)('the OS keychain', () => {
  it('stores, reads back and deletes a secret', async () => {
    expect(keytar, 'keytar did not load').toBeDefined();
    const service = `field-desk-test-${randomUUID()}`;
    await keytar!.setPassword(service, 'local:password', 'correct horse');
    expect(await keytar!.getPassword(service, 'local:password')).toBe('correct horse');
    expect(await keytar!.deletePassword(service, 'local:password')).toBe(true);
    expect(await keytar!.getPassword(service, 'local:password')).toBeNull();
  });
});
