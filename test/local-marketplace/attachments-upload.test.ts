import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { ATTACHMENT_NAME_LIMIT, contentDisposition, safeDisplayName, safeMimeType } from '../../src-main/local-marketplace/domain/attachments-names';
import { attachmentFilesFolder } from '../../src-main/local-marketplace/domain/attachments-storage';
import { listenMarketplace, type ListeningMarketplace } from '../../src-main/local-marketplace/listen';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { seededFileNames, testMarketplace, type TestMarketplace } from './support';

// The upload's refusals and its untrusted input: nothing half-written ever stays on disk.

const ORDER = 10001;
const BOUNDARY = 'field-desk-test-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

interface Part {
  name: string;
  /** Written as is into the Content-Disposition header, so tests can send what FormData would escape. */
  disposition?: string;
  type?: string;
  value: string | Buffer;
}

/** A multipart body written by hand, to send what no well-behaved client would. */
function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.disposition ?? ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
    Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${BOUNDARY}--\r\n` : '')]);
}

const filePart = (value: string | Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ name: 'file', disposition: `; filename="${filename}"`, type, value });

/** The start of a body whose file's bytes are still to come, for streamed uploads. */
const FILE_PREAMBLE = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const EPILOGUE = `\r\n--${BOUNDARY}--\r\n`;

async function documentsFolder(rest: TestMarketplace['rest']): Promise<number> {
  return ((await rest('GET', `workorders/${ORDER}/attachments`)).body.results[0] as { id: number }).id;
}

/** What the files folder holds beyond the demo's seeded photos, apart from its (empty, we check) incoming folder. */
function filesOnDisk(marketplace: Marketplace): { stored: string[]; incoming: string[] } {
  const folder = attachmentFilesFolder(marketplace.context);
  const seeded = new Set(seededFileNames(marketplace));
  return { stored: readdirSync(folder).filter((name) => name !== 'incoming' && !seeded.has(name)), incoming: readdirSync(join(folder, 'incoming')) };
}

function setLimit(marketplace: Marketplace, bytes: number): void {
  marketplace.context.options.attachmentMaxBytes = bytes;
}

describe('the size limit', () => {
  it('answers 413 with the REST error body past the limit, keeping nothing; the limit itself fits', async () => {
    const { rest, marketplace } = await testMarketplace();
    setLimit(marketplace, 1024);
    const folder = await documentsFolder(rest);
    const tooLarge = await rest('POST', `workorders/${ORDER}/attachments/${folder}`, multipart([filePart(Buffer.alloc(1025, 7)), { name: 'notes', value: 'late' }]), MULTIPART);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ code: 413, message: 'The file is larger than the limit of 1024 bytes', trace: [], fields: 'file' });
    expect(filesOnDisk(marketplace)).toEqual({ stored: [], incoming: [] });
    expect((await rest('GET', `workorders/${ORDER}/attachments/${folder}`)).body.results).toEqual([]);

    const exact = await rest('POST', `workorders/${ORDER}/attachments/${folder}`, multipart([filePart(Buffer.alloc(1024, 7))]), MULTIPART);
    expect(exact.status).toBe(200);
    expect(filesOnDisk(marketplace)).toMatchObject({ stored: [expect.any(String)], incoming: [] });
  });
});

describe('the files on disk', () => {
  it.skipIf(process.platform === 'win32')('are 0600 in 0700 folders beside a database file, as the rest of the data folder (issue 22, item 10)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'attachments-modes-'));
    try {
      const { rest, marketplace } = await testMarketplace({ db: join(directory, 'market.db') });
      const folder = await documentsFolder(rest);
      expect((await rest('POST', `workorders/${ORDER}/attachments/${folder}`, multipart([filePart(Buffer.from('a site photo'))]), MULTIPART)).status).toBe(200);
      const files = attachmentFilesFolder(marketplace.context);
      const mode = (path: string) => statSync(path).mode & 0o777;
      expect(mode(files)).toBe(0o700);
      expect(mode(join(files, 'incoming'))).toBe(0o700);
      const [uploaded] = filesOnDisk(marketplace).stored;
      expect(mode(join(files, uploaded as string))).toBe(0o600);
      // The demo's seeded photos too.
      for (const seeded of seededFileNames(marketplace)) expect(mode(join(files, seeded))).toBe(0o600);
      await marketplace.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('bad uploads', () => {
  const cases: { label: string; body: Buffer | string; headers?: Record<string, string>; status: number; fields?: string }[] = [
    { label: 'no file field', body: multipart([{ name: 'notes', value: 'where is it' }]), status: 400, fields: 'file' },
    { label: 'an empty multipart body', body: '', status: 400, fields: 'file' },
    { label: '`file` sent as text', body: multipart([{ name: 'file', value: 'not a file' }]), status: 400, fields: 'file' },
    { label: 'the file in another field', body: multipart([{ ...filePart('x'), name: 'document' }]), status: 400, fields: 'document' },
    { label: 'two files', body: multipart([filePart('one'), filePart('two')]), status: 400, fields: 'file' },
    { label: 'an unknown text field', body: multipart([filePart('x'), { name: 'colour', value: 'red' }]), status: 400, fields: 'colour' },
    { label: 'notes over 64 KiB', body: multipart([filePart('x'), { name: 'notes', value: 'n'.repeat(64 * 1024 + 1) }]), status: 400, fields: 'notes' },
    { label: 'a body cut short', body: multipart([filePart(Buffer.alloc(4096, 1))], { close: false }), status: 400 },
    { label: 'a whole file, then a body cut short', body: multipart([filePart('ab'), { name: 'notes', value: 'hello' }], { close: false }), status: 400 },
    { label: 'garbage', body: 'this is not multipart at all', status: 400 },
    { label: 'no boundary', body: multipart([filePart('x')]), headers: { 'content-type': 'multipart/form-data' }, status: 400 },
    { label: 'JSON', body: '{"file":"x"}', headers: { 'content-type': 'application/json' }, status: 415 },
    { label: 'a form', body: 'file=x', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415 },
    { label: 'plain text', body: 'x', headers: { 'content-type': 'text/plain' }, status: 415 },
  ];

  it.each(cases)('answers $status to $label, keeping nothing', async ({ body, headers, status, fields }) => {
    const { rest, marketplace } = await testMarketplace();
    const folder = await documentsFolder(rest);
    const answer = await rest('POST', `workorders/${ORDER}/attachments/${folder}`, typeof body === 'string' ? Buffer.from(body) : body, headers ?? MULTIPART);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ code: status, message: expect.any(String), trace: [] });
    if (fields) expect(answer.body.fields).toBe(fields);
    expect(filesOnDisk(marketplace)).toEqual({ stored: [], incoming: [] });
  });

  it('never answers random multipart bodies with a 500, and keeps nothing of the refused ones', async () => {
    const { rest, marketplace } = await testMarketplace();
    const folder = await documentsFolder(rest);
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('file', 'notes', '__proto__', 'constructor', '"', '\\', '../x', 'é', '\u0000'));
    const part = fc.record({
      name: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('file', 'notes') }, { weight: 1, arbitrary: text }),
      disposition: fc.option(text.map((name) => `; filename="${name}"`), { nil: undefined, freq: 2 }),
      type: fc.option(fc.constantFrom('image/png', 'application/json', 'text/plain; charset=utf-8', 'x', ''), { nil: undefined }),
      value: fc.oneof(fc.string({ maxLength: 200 }), fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes))),
    });
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 4 }), fc.boolean(), async (parts, close) => {
        const answer = await rest('POST', `workorders/${ORDER}/attachments/${folder}`, multipart(parts, { close }), MULTIPART);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        if (answer.status === 200) stored += 1;
        else expect(answer.body).toMatchObject({ code: answer.status, trace: [], fields: expect.any(String) });
      }),
      { numRuns: 150 },
    );
    expect(filesOnDisk(marketplace)).toMatchObject({ stored: { length: stored }, incoming: [] });
  });
});

describe('untrusted names and types', () => {
  it('shows the last path segment, without controls or direction marks, capped in length', () => {
    expect(safeDisplayName('../../etc/passwd')).toBe('passwd');
    expect(safeDisplayName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(safeDisplayName('..')).toBe('file');
    expect(safeDisplayName('')).toBe('file');
    expect(safeDisplayName(undefined)).toBe('file');
    expect(safeDisplayName('in\u0000voice\r\n.pdf')).toBe('invoice.pdf');
    expect(safeDisplayName('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(safeDisplayName('broken\uD800.txt')).toBe('broken.txt');
    const long = safeDisplayName(`${'日'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(ATTACHMENT_NAME_LIMIT);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('keeps a MIME type only when it looks like one, without parameters', () => {
    expect(safeMimeType('image/PNG')).toBe('image/png');
    expect(safeMimeType('text/html; charset=utf-8')).toBe('text/html');
    expect(safeMimeType('not a type')).toBe('application/octet-stream');
    expect(safeMimeType('text/plain\r\nSet-Cookie: x=1')).toBe('application/octet-stream');
    expect(safeMimeType(undefined)).toBe('application/octet-stream');
  });

  it('writes a Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Überprüfung "final" 100%.pdf')).toBe(
      `attachment; filename="_berpr_fung _final_ 100_.pdf"; filename*=UTF-8''%C3%9Cberpr%C3%BCfung%20%22final%22%20100%25.pdf`,
    );
    expect(contentDisposition("it's (1).txt")).toBe(`attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`);
  });

  it('stores under generated names only, and shows the cleaned name and type', async () => {
    const { rest, marketplace } = await testMarketplace();
    const folder = await documentsFolder(rest);
    const hostile = [
      { name: 'file', disposition: `; filename="../../../etc/passwd"`, type: 'text/html; charset=utf-8', value: '<script>' },
      { name: 'file', disposition: `; filename*=UTF-8''..%2F..%2Fa%09b%00c%E2%80%AE.txt`, type: 'bogus', value: 'x' },
    ];
    for (const part of hostile) expect((await rest('POST', `workorders/${ORDER}/attachments/${folder}`, multipart([part]), MULTIPART)).status).toBe(200);
    const results = (await rest('GET', `workorders/${ORDER}/attachments/${folder}`)).body.results as { file: { name: string; mime: string } }[];
    expect(results.map((attachment) => attachment.file)).toMatchObject([
      { name: 'passwd', mime: 'text/html' },
      { name: 'abc.txt', mime: 'application/octet-stream' },
    ]);
    expect(filesOnDisk(marketplace).stored).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });
});

describe('over a real connection', () => {
  async function signIn(market: ListeningMarketplace): Promise<string> {
    const { clientId, clientSecret, username, password } = market.credentials;
    const answer = await fetch(`${market.authUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password }),
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  }

  async function waitFor(condition: () => boolean, what: string): Promise<void> {
    for (const started = Date.now(); !condition(); ) {
      if (Date.now() - started > 5000) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('removes the partial file when the client goes away mid-upload', async () => {
    const market = await listenMarketplace({ port: 0 });
    try {
      const token = await signIn(market);
      const folder = (await (await fetch(`${market.baseUrl}/workorders/${ORDER}/attachments?access_token=${token}`)).json()) as { results: { id: number }[] };
      const url = new URL(`${market.baseUrl}/workorders/${ORDER}/attachments/${folder.results[0]?.id}?access_token=${token}`);
      const upload = httpRequest(url, { method: 'POST', headers: MULTIPART });
      upload.on('error', () => {}); // The abort below is the point.
      upload.write(FILE_PREAMBLE);
      upload.write(Buffer.alloc(256 * 1024, 1));
      const incoming = () => filesOnDisk(market.marketplace).incoming;
      await waitFor(() => incoming().length === 1, 'the upload to start');
      upload.destroy();
      await waitFor(() => incoming().length === 0, 'the partial file to go');
      expect(filesOnDisk(market.marketplace)).toEqual({ stored: [], incoming: [] });
      const after = await fetch(`${market.baseUrl}/workorders/${ORDER}/attachments?access_token=${token}`);
      expect(((await after.json()) as { sum: { unreviewed: number } }).sum).toEqual({ unreviewed: 0 });
    } finally {
      await market.close();
    }
  });

  /** Streams a file of `megabytes` to the folder; answers the answer and how many megabytes were taken. */
  async function streamUpload(market: ListeningMarketplace, token: string, folderId: number, megabytes: number) {
    let sent = 0;
    async function* body() {
      yield Buffer.from(FILE_PREAMBLE);
      for (; sent < megabytes; sent += 1) yield Buffer.alloc(1024 * 1024, sent);
      yield Buffer.from(EPILOGUE);
    }
    const url = `${market.baseUrl}/workorders/${ORDER}/attachments/${folderId}?access_token=${token}`;
    const answer = await request(url, { method: 'POST', headers: MULTIPART, body: Readable.from(body()) });
    return { status: answer.statusCode, connection: answer.headers.connection, body: await answer.body.json(), sent };
  }

  it('answers 413 as soon as the limit is passed, or 404 for an unknown folder, and stops reading the body', async () => {
    const market = await listenMarketplace({ port: 0 });
    try {
      setLimit(market.marketplace, 1024 * 1024);
      const token = await signIn(market);
      const folder = (await (await fetch(`${market.baseUrl}/workorders/${ORDER}/attachments?access_token=${token}`)).json()) as { results: { id: number }[] };
      const megabytes = 256;
      const tooLarge = await streamUpload(market, token, folder.results[0]?.id ?? 0, megabytes);
      expect(tooLarge).toMatchObject({ status: 413, connection: 'close', body: { code: 413, fields: 'file' } });
      const unknownFolder = await streamUpload(market, token, 2_000_000, megabytes);
      expect(unknownFolder).toMatchObject({ status: 404, connection: 'close', body: { code: 404 } });
      // Socket buffers take a few megabytes more; the rest was never sent.
      expect(Math.max(tooLarge.sent, unknownFolder.sent)).toBeLessThan(megabytes / 4);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(filesOnDisk(market.marketplace)).toEqual({ stored: [], incoming: [] });
    } finally {
      await market.close();
    }
  });
});
