import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { ATTACHMENT_CONTENT_PATH, type AttachmentRef } from '../../../src-shared/ipc/attachment-files';
import type { AttachmentFiles, CachedAttachment } from '../../../src-main/attachments/attachment-files';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';
import { rendererDir, stubApp } from './support';

const hosts: WebHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

const HTML = '<html><script>fetch("http://example.com")</script></html>';

/** A host whose cache holds one provider HTML file, order 7 attachment 3. */
async function hostWithCachedFile() {
  const path = join(temporaryDir(), 'cached');
  writeFileSync(path, HTML);
  const asked: AttachmentRef[] = [];
  const files = {
    async cached(ref: AttachmentRef): Promise<CachedAttachment | undefined> {
      asked.push(ref);
      if (ref.workOrderId !== 7) throw new AppError('WORK_ORDER_NOT_FOUND');
      if (ref.attachmentId !== 3) return undefined;
      return { path, info: { name: 'report "final".html', mime: 'text/html', size: HTML.length, kind: 'text' } };
    },
  } as unknown as AttachmentFiles;
  const host = await startWebHost({ app: stubApp({}, undefined, files), rendererDir: rendererDir(), port: 0 });
  hosts.push(host);
  return { host, asked };
}

function get(host: WebHost, query: string, token: string | null = host.token) {
  return request(`${host.origin}${ATTACHMENT_CONTENT_PATH}?${query}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

describe('GET /attachment-content', () => {
  it('streams cached bytes as an opaque, sandboxed download, whatever the file is', async () => {
    const { host } = await hostWithCachedFile();
    const answer = await get(host, 'workOrderId=7&attachmentId=3');
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.text()).toBe(HTML);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''report%20%22final%22.html`);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-length']).toBe(String(HTML.length));
  });

  it('refuses a request without the launch token before looking anything up', async () => {
    const { host, asked } = await hostWithCachedFile();
    for (const token of [null, 'wrong']) {
      const answer = await get(host, 'workOrderId=7&attachmentId=3', token);
      expect(answer.statusCode).toBe(401);
      expect(await answer.body.json()).toMatchObject({ code: 'IPC_NOT_CONNECTED' });
    }
    expect(asked).toEqual([]);
  });

  it('answers what is wrong as {code, message}: a bad query, a file not fetched yet, an order not cached', async () => {
    const { host } = await hostWithCachedFile();
    const bad = await get(host, 'workOrderId=x&attachmentId=3');
    expect(bad.statusCode).toBe(400);
    expect(await bad.body.json()).toMatchObject({ code: 'IPC_INVALID_INPUT' });
    const missing = await get(host, 'workOrderId=7&attachmentId=4');
    expect(missing.statusCode).toBe(404);
    expect(await missing.body.json()).toMatchObject({ code: 'ATTACHMENT_NOT_DOWNLOADED' });
    const unknown = await get(host, 'workOrderId=8&attachmentId=3');
    expect(unknown.statusCode).toBe(404);
    expect(await unknown.body.json()).toMatchObject({ code: 'WORK_ORDER_NOT_FOUND' });
  });
});

describe('the renderer’s module scripts', () => {
  it('serves .mjs (pdf.js’s worker) as JavaScript, which a module worker requires', async () => {
    const dir = rendererDir();
    writeFileSync(join(dir, 'assets', 'pdf.worker.min-abc.mjs'), 'export {};');
    const host = await startWebHost({ app: stubApp({}), rendererDir: dir, port: 0 });
    hosts.push(host);
    const answer = await request(`${host.origin}/assets/pdf.worker.min-abc.mjs`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    await answer.body.dump();
  });
});
