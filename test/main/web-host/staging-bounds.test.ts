import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_UPLOAD_PATH, StagedUploadSchema } from '../../../src-shared/ipc/file-upload';
import { createApp } from '../../../src-main/app/create-app';
import { AttachmentStaging } from '../../../src-main/attachments/staging';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';
import { until } from '../../support/until';
import { openSocket, rendererDir, stubApp } from './support';

// Issue 22, item 5: what the page stages but never queues does not stay, and the staging folder
// has a ceiling that answers a clear refusal instead of filling the disk.

const hosts: WebHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

async function post(host: WebHost, bytes: Buffer, name = 'site photo.jpg') {
  const url = new URL(FILE_UPLOAD_PATH, host.origin);
  url.searchParams.set('name', name);
  const answer = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${host.token}`, origin: host.origin },
    body: bytes,
  });
  return { status: answer.statusCode, body: (await answer.body.json()) as Record<string, unknown> };
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('the staging folder’s ceiling', () => {
  it('refuses a file the folder has no room for with 507 and a sentence, keeping nothing of it; room made, it is taken', async () => {
    const dir = join(temporaryDir(), 'staging');
    const staging = new AttachmentStaging({ dir, maxBytes: 64 * 1024, maxTotalBytes: 100 * 1024 });
    const host = await startWebHost({ app: { ...stubApp({}), attachmentStaging: staging }, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);

    const first = await post(host, randomBytes(60 * 1024));
    expect(first.status).toBe(201);
    const refused = await post(host, randomBytes(60 * 1024), 'second.jpg');
    expect(refused).toEqual({
      status: 507,
      body: {
        code: 'STAGING_FULL',
        message: 'Files waiting to be sent already take 60 KiB of the 100 KiB Field Desk keeps for them; let them be sent or discard some in the Outbox, then attach this file again.',
      },
    });
    expect(files(dir).sort()).toEqual([StagedUploadSchema.parse(first.body).stagedId, `${StagedUploadSchema.parse(first.body).stagedId}.json`].sort());

    await staging.remove(StagedUploadSchema.parse(first.body).stagedId);
    expect((await post(host, randomBytes(60 * 1024), 'second.jpg')).status).toBe(201);
  });

  it('counts copies under way: two drops at once cannot both take the room left for one', async () => {
    const dir = join(temporaryDir(), 'staging');
    const staging = new AttachmentStaging({ dir, maxBytes: 64 * 1024, maxTotalBytes: 100 * 1024 });
    const host = await startWebHost({ app: { ...stubApp({}), attachmentStaging: staging }, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);
    const answers = await Promise.all([post(host, randomBytes(60 * 1024), 'a.jpg'), post(host, randomBytes(60 * 1024), 'b.jpg')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 507]);
  });
});

describe('staged files nothing queued', () => {
  it('go on the timer once old enough, while a staged file the outbox holds stays', async () => {
    const dataDir = temporaryDir();
    const app = createApp({ dataDir, host: 'web', logger: createMemoryLogger(), staging: { pruneEveryMs: 25, unqueuedMaxAgeMs: 2_000 } });
    const host = await startWebHost({ app, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);
    const staged = join(dataDir, 'staging');

    const abandoned = StagedUploadSchema.parse((await post(host, randomBytes(1024), 'abandoned.jpg')).body).stagedId;
    const queued = StagedUploadSchema.parse((await post(host, randomBytes(1024), 'queued.jpg')).body).stagedId;
    const socket = await openSocket(host);
    const answer = await new Promise<{ ok: boolean }>((resolve) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { type: string; result: { ok: boolean } };
        if (frame.type === 'result') resolve(frame.result);
      });
      socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'attachments:upload', input: { workOrderId: 987_654, stagedId: queued } }));
    });
    socket.close();
    expect(answer.ok).toBe(true);
    // Young files stay through several rounds of the timer. (Their age limit leaves room for the
    // first use of the app, which opens and migrates the cache: 300 ms was too short under load.)
    expect(files(staged)).toContain(abandoned);

    // The copy and its sidecar go one after the other: wait for both.
    const left = await until(async () => files(staged), (names) => !names.some((name) => name.startsWith(abandoned)), 'the abandoned copy and its sidecar were pruned', 10_000);
    expect(left.sort()).toEqual([queued, `${queued}.json`].sort());
    await app.close();
  });
});
