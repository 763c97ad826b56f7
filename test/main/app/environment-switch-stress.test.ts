import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { DEMO_CREDENTIALS } from '../../../src-main/local-marketplace/seed/demo-credentials';
import { appUnderTest, untilPulls } from './support';

const CALLS = 300;
const DEADLINE_MS = 60_000;

/** A small deterministic generator, so a failing mix can be replayed by its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function withinDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

describe('switching environment under load', () => {
  it('answers every select, refresh, list, detail and sync with a value or a clear code, never INTERNAL, and never hangs', async () => {
    // The switch under load is the subject, not the keychain: under load a real Secret Service fails calls of its own.
    const { call, invoke, progress, marketplace, app } = appUnderTest({ secretStore: new MemorySecretStore() });
    await call('session:sign-in', {});
    await untilPulls(progress);
    // Custom points at the same running marketplace, so both environments do real network work.
    const market = await marketplace();
    await call('environments:update-urls', { id: 'custom', baseUrl: market.baseUrl, authUrl: market.authUrl, webhookUrl: market.webhookUrl });
    const { clientId, clientSecret, username, password } = DEMO_CREDENTIALS;
    await call('credentials:set', { environment: 'custom', clientId, clientSecret, username, password });
    const ids = (await call<{ results: { id: number }[] }>('workorders:list', { per_page: 20 })).results.map((order) => order.id);
    expect(ids.length).toBeGreaterThan(0);

    const next = random(14);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const calls: [string, unknown][] = Array.from({ length: CALLS }, () => {
      const kind = pick(['select', 'select', 'refresh', 'refresh', 'list', 'list', 'detail', 'sync', 'status', 'sign-in'] as const);
      if (kind === 'select') return ['environments:select', { id: pick(['local', 'custom'] as const) }];
      if (kind === 'refresh') return ['workorders:refresh', { id: pick(ids) }];
      if (kind === 'list') return ['workorders:list', { search: pick(['', 'repair', 'install']) }];
      if (kind === 'detail') return ['workorders:detail', { id: pick(ids) }];
      if (kind === 'sync') return ['sync:now', undefined];
      if (kind === 'sign-in') return ['session:sign-in', {}];
      return ['sync:status', undefined];
    });

    const answers = await withinDeadline(Promise.all(calls.map(([channel, input]) => invoke(channel, input))), `${CALLS} concurrent calls`);

    const failures = answers.flatMap((answer: IpcResult, index) => (answer.ok ? [] : [`${calls[index]?.[0]}: ${answer.error.code} ${answer.error.message}`]));
    expect(failures.filter((failure) => failure.includes('INTERNAL'))).toEqual([]);
    // Only the codes a coordinator could meet here: the switch itself, or an order the other environment has not pulled yet.
    const codes = new Set(answers.flatMap((answer) => (answer.ok ? [] : [answer.error.code])));
    for (const code of codes) expect(['ENVIRONMENT_SWITCHED', 'WORK_ORDER_NOT_FOUND', 'API_ABORTED', 'SYNC_CANCELLED']).toContain(code);
    expect(answers.filter((answer) => answer.ok).length).toBeGreaterThan(CALLS / 2);

    // Still whole afterwards: the last environment answers, and the app closes without hanging.
    const list = await call<{ total: number }>('workorders:list', {});
    expect(list.total).toBeGreaterThanOrEqual(0);
    await withinDeadline(app.close(), 'closing the app');
  });
});
