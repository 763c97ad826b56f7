import { FolderZips } from '../../src-main/exports/folder-zips';
// Attachment bytes in browser mode: a cached 90 MiB file read by the page through the web host's
// GET /attachment-content (token check, cache lookup, sandboxed download headers) against a bare
// node HTTP server piping the same file, both in this run; the ratio should stay near 1 (budget:
// at least 0.8), since previews and downloads must not be slower than the disk and loopback. Also
// the time a cached preview's bytes take to start (first byte), the wait a re-opened preview sees.
import { randomBytes } from 'node:crypto';
import { createReadStream, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { ATTACHMENT_CONTENT_PATH } from '../../src-shared/ipc/attachment-files';
import type { AttachmentFiles } from '../../src-main/attachments/attachment-files';
import { AttachmentStaging } from '../../src-main/attachments/staging';
import type { App } from '../../src-main/app/create-app';
import { EventHub } from '../../src-main/app/event-hub';
import type { Handlers } from '../../src-main/ipc/dispatcher';
import { createMemoryLogger } from '../../src-main/platform/logger';
import { startWebHost } from '../../src-main/web-host/server';
import { percentile } from '../support/percentile';

const MIB = 1024 * 1024;
const SIZE = 90 * MIB;
const ROUNDS = 7;
const FIRST_BYTE_SAMPLES = 100;
const TARGET_RATIO = 0.8;

async function drain(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const answer = await request(url, { headers });
  let bytes = 0;
  for await (const chunk of answer.body) bytes += (chunk as Buffer).length;
  if (answer.statusCode !== 200 || bytes !== SIZE) throw new Error(`read ${bytes} bytes with status ${answer.statusCode}`);
  return (performance.now() - started) / 1000;
}

async function firstByte(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const answer = await request(url, { headers });
  const elapsed = performance.now() - started;
  answer.body.destroy();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
export default async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-content-'));
  const path = join(dir, 'walkthrough.mp4');
  writeFileSync(path, randomBytes(SIZE));
  const files = { cached: async () => ({ path, info: { name: 'walkthrough.mp4', mime: 'video/mp4', size: SIZE, kind: 'other' as const } }) } as unknown as AttachmentFiles;
  const logger = createMemoryLogger();
  const app: App = {
    handlers: {} as Handlers,
    attachmentStaging: new AttachmentStaging({ dir: join(dir, 'staging'), maxBytes: SIZE }),
    attachmentFiles: files,
    folderZips: new FolderZips(() => Promise.reject(new Error('no zips in this bench')), files),
    events: new EventHub(),
    logger,
    warmUp: () => undefined,
    close: async () => undefined,
  };
  const rendererDir = join(dir, 'renderer');
  const host = await startWebHost({ app, rendererDir, port: 0 });
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(SIZE) });
    void pipeline(createReadStream(path), response).catch(() => undefined);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const hostUrl = `${host.origin}${ATTACHMENT_CONTENT_PATH}?workOrderId=1&attachmentId=2`;
  const auth = { authorization: `Bearer ${host.token}` };
  try {
    // Warm the page cache and the connections.
    await drain(bareUrl, {});
    await drain(hostUrl, auth);
    const hostTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      hostTimes.push(await drain(hostUrl, auth));
      bareTimes.push(await drain(bareUrl, {}));
    }
    const hostSpeed = SIZE / MIB / median(hostTimes);
    const bareSpeed = SIZE / MIB / median(bareTimes);
    const ratio = hostSpeed / bareSpeed;
    console.log(`90 MiB cached attachment, median of ${ROUNDS}: web host ${hostSpeed.toFixed(0)} MiB/s, bare node server ${bareSpeed.toFixed(0)} MiB/s, ratio ${ratio.toFixed(2)} (budget >= ${TARGET_RATIO})`);
    const waits: number[] = [];
    for (let sample = 0; sample < FIRST_BYTE_SAMPLES; sample += 1) waits.push(await firstByte(hostUrl, auth));
    console.log(`first byte of a cached preview: p50 ${percentile(waits, 0.5).toFixed(2)} ms, p95 ${percentile(waits, 0.95).toFixed(2)} ms over ${FIRST_BYTE_SAMPLES} reads`);
    if (ratio < TARGET_RATIO) console.log('OVER BUDGET: the content endpoint is slower than the budget allows');
  } finally {
    await host.close();
    await new Promise((resolve) => bare.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
