import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_UPLOAD_PATH, StagedUploadSchema } from '../../../src-shared/ipc/file-upload';
import { AttachmentStaging } from '../../../src-main/attachments/staging';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';
import { closed, rendererDir, stubApp, within } from './support';

const MAX_BYTES = 64 * 1024;
const hosts: WebHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

async function hostWithStaging() {
  const dir = join(temporaryDir(), 'staging');
  const staging = new AttachmentStaging({ dir, maxBytes: MAX_BYTES });
  const host = await startWebHost({ app: { ...stubApp({}), attachmentStaging: staging }, rendererDir: rendererDir(), port: 0 });
  hosts.push(host);
  return { host, staging, dir };
}

interface Sent {
  token?: string | null;
  origin?: string | null;
  name?: string | null;
  method?: 'POST' | 'PUT' | 'GET';
  type?: string;
}

/** An upload as the browser bridge sends it, with any part changed or left out (null). */
async function upload(host: WebHost, body: Buffer | Readable | undefined, sent: Sent = {}) {
  const url = new URL(FILE_UPLOAD_PATH, host.origin);
  const name = sent.name === undefined ? 'site photo.jpg' : sent.name;
  if (name !== null) url.searchParams.set('name', name);
  const token = sent.token === undefined ? host.token : sent.token;
  const origin = sent.origin === undefined ? host.origin : sent.origin;
  const answer = await request(url, {
    method: sent.method ?? 'POST',
    headers: {
      'content-type': sent.type ?? 'application/octet-stream',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(origin === null ? {} : { origin }),
    },
    body,
  });
  return { status: answer.statusCode, headers: answer.headers, body: (await answer.body.json()) as unknown };
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('POST /files', () => {
  it('stages the bytes and answers the staged id, name, size and sha256', async () => {
    const { host, staging } = await hostWithStaging();
    const bytes = randomBytes(50_000);

    const answer = await upload(host, bytes, { name: 'C:\\fakepath\\site photo.jpg' });

    expect(answer.status).toBe(201);
    const staged = StagedUploadSchema.parse(answer.body);
    expect(staged).toEqual({ stagedId: expect.any(String), name: 'site photo.jpg', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    const copy = staging.get(staged.stagedId);
    expect(copy).toMatchObject({ name: 'site photo.jpg', mime: 'image/jpeg', sha256: staged.sha256 });
    expect(readFileSync(copy?.path ?? '').equals(bytes)).toBe(true);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('requires the launch token as a bearer token', async () => {
    const { host, dir } = await hostWithStaging();
    for (const token of [null, 'wrong', '']) {
      const answer = await upload(host, Buffer.from('x'), { token });
      expect(answer).toMatchObject({ status: 401, body: { code: 'IPC_NOT_CONNECTED' } });
    }
    // The socket's way (a query parameter) is not taken: a token in a URL ends up in logs and history.
    const url = new URL(FILE_UPLOAD_PATH, host.origin);
    url.searchParams.set('name', 'a.txt');
    url.searchParams.set('token', host.token);
    const inQuery = await request(url, { method: 'POST', headers: { origin: host.origin, 'content-type': 'application/octet-stream' }, body: 'x' });
    expect(inQuery.statusCode).toBe(401);
    await inQuery.body.dump();
    expect(files(dir)).toEqual([]);
  });

  it('refuses a foreign or missing Origin, and a foreign Host', async () => {
    const { host, dir } = await hostWithStaging();
    expect(await upload(host, Buffer.from('x'), { origin: 'http://evil.example' })).toMatchObject({ status: 403, body: { code: 'IPC_FORBIDDEN_SENDER' } });
    expect(await upload(host, Buffer.from('x'), { origin: null })).toMatchObject({ status: 403, body: { code: 'IPC_FORBIDDEN_SENDER' } });
    const misdirected = await request(new URL(`${FILE_UPLOAD_PATH}?name=a.txt`, host.origin), {
      method: 'POST',
      headers: { host: 'evil.example', origin: host.origin, authorization: `Bearer ${host.token}`, 'content-type': 'application/octet-stream' },
      body: 'x',
    });
    expect(misdirected.statusCode).toBe(421);
    await misdirected.body.dump();
    expect(files(dir)).toEqual([]);
  });

  it('answers 413 past the staging limit, keeping nothing; the limit itself fits', async () => {
    const { host, dir } = await hostWithStaging();
    const tooLarge = await upload(host, Buffer.alloc(MAX_BYTES + 1));
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'ATTACHMENT_TOO_LARGE' } });
    expect(tooLarge.headers.connection).toBe('close');
    expect(files(dir)).toEqual([]);
    expect((await upload(host, Buffer.alloc(MAX_BYTES))).status).toBe(201);
  });

  it('refuses another method, type, a missing name and a body without a length', async () => {
    const { host, dir } = await hostWithStaging();
    expect(await upload(host, undefined, { method: 'GET' })).toMatchObject({ status: 405, headers: { allow: 'POST' }, body: { code: 'IPC_INVALID_INPUT' } });
    expect(await upload(host, Buffer.from('x'), { type: 'multipart/form-data; boundary=x' })).toMatchObject({ status: 415, body: { code: 'IPC_INVALID_INPUT' } });
    expect(await upload(host, Buffer.from('x'), { name: null })).toMatchObject({ status: 400, body: { code: 'IPC_INVALID_INPUT' } });
    expect(await upload(host, Buffer.from('x'), { name: 'x'.repeat(1025) })).toMatchObject({ status: 400 });
    // A stream of unknown length goes chunked.
    const chunked = await upload(host, Readable.from([Buffer.from('x')]));
    expect(chunked).toMatchObject({ status: 411, body: { code: 'IPC_INVALID_INPUT' } });
    expect(files(dir)).toEqual([]);
  });

  it('leaves no partial file when the page goes away mid-upload', async () => {
    const { host, dir } = await hostWithStaging();
    const socket = connect(host.port, '127.0.0.1');
    const ended = closed(socket);
    socket.write(
      `POST ${FILE_UPLOAD_PATH}?name=cut.bin HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: ${host.origin}\r\n` +
        `Authorization: Bearer ${host.token}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${MAX_BYTES}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(1000));
    // Wait until the copy has begun, then cut the connection.
    await within(
      (async () => {
        while (!files(dir).some((file) => file.endsWith('.part'))) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
      5_000,
      'the partial file',
    );
    socket.destroy();
    await ended;
    await within(
      (async () => {
        while (files(dir).length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      })(),
      5_000,
      'the partial file removal',
    );
  });
});
