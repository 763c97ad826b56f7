import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../src-main/api-client/http-transport';
import type { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { temporaryDir } from '../../support/temporary-dir';
import { clientUnderTest, expireTokens, failureOf } from './support';

// Streamed multipart uploads (decisions §6) and downloads, against a real local marketplace.

const ORDER = 10001;
const MIB = 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function fileOf(bytes: Buffer, name = 'site survey.pdf') {
  const path = join(temporaryDir('upload-test-'), 'staged-copy');
  writeFileSync(path, bytes);
  return { path, name, mime: 'application/pdf', size: bytes.length };
}

async function folders(client: MarketplaceClient) {
  const { results } = await client.parts.attachmentFolders(ORDER);
  const byType = (type: string) => results.find((folder) => folder.type === type)?.id ?? Number.NaN;
  return { documents: byType('document'), deliverables: byType('slot') };
}

async function storedFiles(client: MarketplaceClient, folderId: number) {
  return ((await client.parts.attachmentFolder(ORDER, folderId)).results ?? []).map((attachment) => ({ ...attachment.file, notes: attachment.notes }));
}

describe('WorkOrderPartsApi.uploadAttachment', () => {
  it('uploads a file with its notes; the marketplace stores the same sha256, and progress reaches the size', async () => {
    const { client } = await clientUnderTest();
    const { documents } = await folders(client);
    // Larger than the read ring (4 × 1 MiB), so reused buffers are checked by the hash too.
    const bytes = randomBytes(12 * MIB + 123);
    const progress: [number, number][] = [];

    const answer = await client.parts.uploadAttachment(ORDER, documents, fileOf(bytes), {
      notes: 'Before the install.\nSecond line, ünïcode',
      onProgress: (sent, total) => progress.push([sent, total]),
    });

    const expected = { name: 'site survey.pdf', mime: 'application/pdf', size_bytes: bytes.length, hash: sha256(bytes), notes: 'Before the install.\nSecond line, ünïcode' };
    expect(await storedFiles(client, documents)).toEqual([expect.objectContaining(expected)]);
    expect(answer.id).toBe(ORDER);
    const answered = answer.attachments?.results?.find((folder) => folder.id === documents)?.results ?? [];
    expect(answered.map((attachment) => attachment.file?.hash)).toEqual([sha256(bytes)]);

    expect(progress[0]).toEqual([0, bytes.length]);
    expect(progress.at(-1)).toEqual([bytes.length, bytes.length]);
    expect(progress.every(([sent], index) => index === 0 || sent > (progress[index - 1]?.[0] ?? 0))).toBe(true);
  });

  it('sends a name with non-ASCII letters, and an empty file', async () => {
    const { client } = await clientUnderTest();
    const { deliverables } = await folders(client);
    await client.parts.uploadAttachment(ORDER, deliverables, fileOf(Buffer.alloc(0), 'Überprüfung 2.txt'));
    expect(await storedFiles(client, deliverables)).toEqual([expect.objectContaining({ name: 'Überprüfung 2.txt', size_bytes: 0, hash: sha256(Buffer.alloc(0)) })]);
  });

  it('sends the body again, read anew, after the marketplace refused an expired token', async () => {
    const { market, client, grants } = await clientUnderTest();
    const { documents } = await folders(client);
    expireTokens(market);
    const bytes = randomBytes(MIB);
    await client.parts.uploadAttachment(ORDER, documents, fileOf(bytes));
    expect(grants.length).toBeGreaterThan(1);
    expect(await storedFiles(client, documents)).toEqual([expect.objectContaining({ size_bytes: bytes.length, hash: sha256(bytes) })]);
  });

  it('rejects with API_ABORTED when cancelled mid-way, and the marketplace keeps nothing', async () => {
    const { client } = await clientUnderTest();
    const { documents } = await folders(client);
    const controller = new AbortController();
    const bytes = randomBytes(16 * MIB);
    let last = 0;
    const upload = client.parts.uploadAttachment(ORDER, documents, fileOf(bytes), {
      signal: controller.signal,
      onProgress: (sent) => {
        last = sent;
        if (sent >= 2 * MIB) controller.abort();
      },
    });
    expect(await failureOf(upload)).toMatchObject({ code: 'API_ABORTED' });
    expect(last).toBeLessThan(bytes.length);
    expect(await storedFiles(client, documents)).toEqual([]);
  });

  it('maps a 413 to ATTACHMENT_TOO_LARGE', async () => {
    const { market, client } = await clientUnderTest();
    const { documents } = await folders(client);
    market.marketplace.context.options.attachmentMaxBytes = 64 * 1024;
    const failure = await failureOf(client.parts.uploadAttachment(ORDER, documents, fileOf(randomBytes(64 * 1024 + 1))));
    expect(failure).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE', status: 413 });
    expect(await storedFiles(client, documents)).toEqual([]);
  });

  it('refuses a file that is gone or not the size it was staged with, before sending', async () => {
    const { client } = await clientUnderTest();
    const { documents } = await folders(client);
    const sent: string[] = [];
    const send = client.transport.send.bind(client.transport);
    client.transport.send = (request) => {
      sent.push(request.url);
      return send(request);
    };
    const file = fileOf(randomBytes(1000));
    expect(await failureOf(client.parts.uploadAttachment(ORDER, documents, { ...file, size: 999 }))).toMatchObject({ code: 'ATTACHMENT_UNREADABLE' });
    expect(await failureOf(client.parts.uploadAttachment(ORDER, documents, { ...file, path: `${file.path}-gone` }))).toMatchObject({ code: 'ATTACHMENT_UNREADABLE' });
    expect(sent).toEqual([]);
  });

  it('maps a 413 that comes long before the end of the body', async () => {
    const { market, client } = await clientUnderTest();
    const { documents } = await folders(client);
    market.marketplace.context.options.attachmentMaxBytes = 64 * 1024;
    const failure = await failureOf(client.parts.uploadAttachment(ORDER, documents, fileOf(randomBytes(32 * MIB))));
    // The server answers and closes while the client is still writing; the client reads the 413
    // most times, and sometimes meets the closed socket first (seen in CI). Either way the upload
    // fails without hanging; which of the two the app reports is a known race (see the stop note).
    expect(['ATTACHMENT_TOO_LARGE', 'API_UNREACHABLE']).toContain((failure as { code?: string }).code);
    if ((failure as { code?: string }).code === 'ATTACHMENT_TOO_LARGE') expect(failure).toMatchObject({ status: 413 });
  });

  it('fails with ATTACHMENT_UNREADABLE when the file shrinks while it is sent', async () => {
    const { client } = await clientUnderTest();
    const { documents } = await folders(client);
    const file = fileOf(randomBytes(3 * MIB));
    const upload = client.parts.uploadAttachment(ORDER, documents, file, {
      onProgress: (sent) => {
        if (sent === 0) writeFileSync(file.path, 'shorter');
      },
    });
    expect(await failureOf(upload)).toMatchObject({ code: 'ATTACHMENT_UNREADABLE' });
    expect(await storedFiles(client, documents)).toEqual([]);
  });

  it('logs no access token', async () => {
    const { client, logger } = await clientUnderTest({});
    const { documents } = await folders(client);
    await client.parts.uploadAttachment(ORDER, documents, fileOf(randomBytes(1000)));
    const token = await client.session.getAccessToken();
    expect(JSON.stringify(logger.records)).not.toContain(token);
    expect(JSON.stringify(logger.records)).not.toContain('access_token=');
  });
});

describe('WorkOrderPartsApi.downloadAttachment', () => {
  it("saves a file's bytes from its link", async () => {
    const { client } = await clientUnderTest();
    const { documents } = await folders(client);
    const bytes = randomBytes(2 * MIB + 5);
    await client.parts.uploadAttachment(ORDER, documents, fileOf(bytes));
    const link = (await client.parts.attachmentFolder(ORDER, documents)).results?.[0]?.file?.link ?? '';
    const destination = join(temporaryDir('download-test-'), 'copy.pdf');

    await client.parts.downloadAttachment(link, destination);

    expect(readFileSync(destination).equals(bytes)).toBe(true);
    expect(readdirSync(join(destination, '..'))).toEqual(['copy.pdf']);
  });

  it('refuses a link to another origin without sending the token, and maps a missing file to API_NOT_FOUND', async () => {
    const { market, client } = await clientUnderTest();
    const destination = join(temporaryDir('download-test-'), 'copy.pdf');
    const foreign = await failureOf(client.parts.downloadAttachment('http://127.0.0.1:9/api/rest/v2/workorders/1/attachments/1/1/download', destination));
    expect(foreign).toMatchObject({ code: 'API_INVALID_RESPONSE' });
    expect(await failureOf(client.parts.downloadAttachment('not a link', destination))).toMatchObject({ code: 'API_INVALID_RESPONSE' });
    const missing = await failureOf(client.parts.downloadAttachment(`${market.baseUrl}/workorders/${ORDER}/attachments/1/999999/download`, destination));
    expect(missing).toMatchObject({ status: 404 });
    expect(existsSync(destination)).toBe(false);
  });
});

describe('a download’s limit (issue 22, item 4)', () => {
  it('refuses a file whose announced size is past the limit, keeping nothing', async () => {
    const { client } = await clientUnderTest();
    const { documents } = await folders(client);
    await client.parts.uploadAttachment(ORDER, documents, fileOf(randomBytes(2 * MIB)));
    const link = (await client.parts.attachmentFolder(ORDER, documents)).results?.[0]?.file?.link ?? '';
    const destination = join(temporaryDir('download-test-'), 'copy.pdf');

    expect(await failureOf(client.parts.downloadAttachment(link, destination, { maxBytes: MIB }))).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' });
    expect(readdirSync(join(destination, '..'))).toEqual([]);
  });

  it('stops a server that streams more than it announced (or announces nothing) as soon as the limit is passed', async () => {
    let sent = 0;
    const server = createServer((_request, response) => {
      // Chunked, no length: 64 MiB unless the client hangs up.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (sent < 64 * MIB && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const transport = new HttpTransport();
    try {
      const destination = join(temporaryDir('download-test-'), 'copy.bin');
      const { port } = server.address() as AddressInfo;
      const failure = await failureOf(transport.download({ method: 'GET', url: `http://127.0.0.1:${port}/file` }, destination, { maxBytes: MIB }));
      expect(failure).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' });
      expect(readdirSync(join(destination, '..'))).toEqual([]);
      // Cut off near the limit, not after the whole stream (the sender may be a little ahead).
      expect(sent).toBeLessThan(16 * MIB);
    } finally {
      await transport.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

