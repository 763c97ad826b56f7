import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/create-app';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { measureJson } from '../../../src-shared/api/bounded-json';
import { temporaryDir } from '../../support/temporary-dir';
import { openSocket, rendererDir } from './support';

// Issue 22, item 9: free-form JSON in a request (custom fields, contacts, tasks) is bounded by the
// shared schemas, so 50,000 levels of nesting answer a validation error, not INTERNAL from a
// `JSON.stringify` that overflowed the stack while the outbox stored it.

const hosts: WebHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** `{"a":{"a":…1…}}` as text: the object itself could not be stringified. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function send(host: WebHost, frame: string): Promise<{ ok: boolean; error?: { code: string; message: string } }> {
  const socket = await openSocket(host);
  try {
    return await new Promise((resolve) => {
      socket.on('message', (data) => {
        const answer = JSON.parse(data.toString()) as { type: string; result: { ok: boolean; error?: { code: string; message: string } } };
        if (answer.type === 'result') resolve(answer.result);
      });
      socket.send(frame);
    });
  } finally {
    socket.close();
  }
}

describe('free-form JSON in a request', () => {
  it('answers a validation error naming the field for 50,000 levels of nesting, over the web host’s socket', async () => {
    const app = createApp({ dataDir: temporaryDir(), host: 'web', logger: createMemoryLogger() });
    const host = await startWebHost({ app, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);

    const imported = await send(host, `{"type":"invoke","id":1,"channel":"workorders:import","input":{"orders":[{"title":"Deep","custom_fields":${nested(50_000)}}]}}`);
    expect(imported).toEqual({ ok: false, error: { code: 'IPC_INVALID_INPUT', message: expect.stringContaining('orders.0.custom_fields: Nested deeper than 32 levels') } });
    const created = await send(host, `{"type":"invoke","id":1,"channel":"workorders:create","input":{"order":{"title":"Deep","tasks":${nested(50_000)}}}}`);
    expect(created).toEqual({ ok: false, error: { code: 'IPC_INVALID_INPUT', message: expect.stringContaining('order.tasks: Nested deeper than 32 levels') } });
    const wide = JSON.stringify({ type: 'invoke', id: 1, channel: 'workorders:create', input: { order: { title: 'Wide', contacts: { notes: 'x'.repeat(300_000) } } } });
    expect(await send(host, wide)).toEqual({ ok: false, error: { code: 'IPC_INVALID_INPUT', message: expect.stringContaining('order.contacts: Larger than 256 KiB') } });
    // Nothing reached the outbox.
    expect(await send(host, '{"type":"invoke","id":1,"channel":"outbox:list"}')).toMatchObject({ ok: true, value: { entries: [] } });
    // A real order's custom fields still go.
    const fine = JSON.stringify({ type: 'invoke', id: 1, channel: 'workorders:create', input: { order: { title: 'Fine', custom_fields: { results: [{ id: 1, value: 'PO-1', options: { a: [1, 2] } }] } } } });
    expect(await send(host, fine)).toMatchObject({ ok: true });
  });
});

describe('measureJson', () => {
  it('walks without recursion and stops at the first limit passed', () => {
    expect(measureJson(JSON.parse(nested(31)))).toBeUndefined();
    expect(measureJson(JSON.parse(nested(33)))).toBe('depth');
    expect(measureJson(JSON.parse(nested(200_000)))).toBe('depth');
    expect(measureJson({ a: 'x'.repeat(300_000) })).toBe('size');
    expect(measureJson(Array.from({ length: 50_000 }, () => 12345))).toBe('size');
  });
});
