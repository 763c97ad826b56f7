import { describe, expect, it } from 'vitest';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { geoHandlers } from '../../../src-main/ipc/handlers/geo-handler';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import type { Handlers } from '../../../src-main/ipc/dispatcher';

// geo:locate places an address typed in the job form offline, with the zone the marketplace will
// give its site: where a zone splits a state, the point decides.

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };
const dispatcher = createDispatcher({ handlers: geoHandlers() as Handlers, logger: createMemoryLogger(), isTrustedSender: (sender) => sender.url === trusted.url });
const locate = (input: unknown) => dispatcher('geo:locate', input, trusted);

describe('geo:locate', () => {
  it('places an El Paso address in Mountain time and a Pensacola one in Central, by their points', async () => {
    expect(await locate({ city: 'El Paso', state: 'TX', zip: '79901', country: 'US' })).toMatchObject({ ok: true, value: { point: { exact: false }, timeZone: 'America/Denver' } });
    expect(await locate({ city: 'Pensacola', state: 'FL', zip: '32501', country: 'US' })).toMatchObject({ ok: true, value: { timeZone: 'America/Chicago' } });
  });

  it('answers no point, and the country’s zone, for what it cannot place', async () => {
    expect(await locate({ city: 'Nowhere', country: 'GB' })).toMatchObject({ ok: true, value: { point: null, timeZone: 'Europe/London' } });
  });

  it('refuses unknown keys and overlong text with IPC_INVALID_INPUT', async () => {
    for (const input of [{ street: '1 Main St' }, { city: 'x'.repeat(201) }, { zip: 79901 }]) {
      expect(await locate(input)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    }
  });
});
