import { describe, expect, it } from 'vitest';
import type { ConnectivityStatus } from '../../../src-shared/ipc/outbox-channels';
import { DEMO_CREDENTIALS } from '../../../src-main/local-marketplace/seed/demo-credentials';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { until } from '../../support/until';
import { appUnderTest, untilPulls } from './support';

describe('connectivity while the marketplace refuses the stored credentials', () => {
  it('tells the window at once that changes wait for a sign-in, and again when a sign-in sends them', async () => {
    const harness = appUnderTest({ secretStore: new MemorySecretStore() });
    const { call, app } = harness;
    const told: ConnectivityStatus[] = [];
    app.events.subscribe((event, payload) => {
      if (event === 'connectivity:did-change') told.push(payload as ConnectivityStatus);
    });
    await call('session:sign-in', {});
    await untilPulls(harness.progress);
    const { clientId, clientSecret, username, password } = DEMO_CREDENTIALS;
    await call('credentials:set', { environment: 'local', clientId, clientSecret, username, password: 'not-the-password' });
    await call('workorders:publish', { id: 10004 });

    // Pushed, not only answered when asked: the status area has no other reason to read it again.
    const waiting = await until(async () => told.at(-1), (status) => status?.signedIn === false, 'a connectivity event saying signed out', 10_000, 20);
    expect(waiting).toMatchObject({ pending: 1, refused: 0, signedIn: false });
    expect(await call<ConnectivityStatus>('connectivity:status')).toMatchObject({ pending: 1, signedIn: false });

    await call('credentials:set', { environment: 'local', clientId, clientSecret, username, password });
    await call('session:sign-in', {});
    await until(async () => told.at(-1), (status) => status?.signedIn === true && status.pending === 0, 'a connectivity event saying sent', 10_000, 20);
  });
});
