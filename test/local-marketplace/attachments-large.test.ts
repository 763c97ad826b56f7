import { createHash, randomBytes, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { attachmentFilesFolder } from '../../src-main/local-marketplace/domain/attachments-storage';
import { listenMarketplace, type ListeningMarketplace } from '../../src-main/local-marketplace/listen';

// A 1 GiB upload over a real socket, generated as it is sent and never held whole anywhere: the
// server (in this process) streams it to disk with memory that stays flat (ARCHITECTURE.md, Budgets).

const GIB = 1024 ** 3;
const CHUNK_BYTES = 64 * 1024;
const PATTERN_BYTES = 1024 * 1024;
const ALLOWED_GROWTH_BYTES = 64 * 1024 * 1024;
const ORDER = 10001;
const BOUNDARY = 'field-desk-large-upload';

/**
 * A multipart body of one file of `size` bytes, made chunk by chunk and hashed as it goes. Each
 * chunk is a view into one random pattern at a moving offset: the bytes vary, and the sender makes
 * no garbage of its own that would blur the server's memory, which is what is measured.
 */
async function* multipartBody(size: number, hash: Hash, onChunk: () => void): AsyncGenerator<Buffer> {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const pattern = randomBytes(PATTERN_BYTES);
  for (let offset = 0, index = 0; offset < size; offset += CHUNK_BYTES, index += 1) {
    const start = (index * 4093) % (PATTERN_BYTES - CHUNK_BYTES);
    const chunk = pattern.subarray(start, start + Math.min(CHUNK_BYTES, size - offset));
    hash.update(chunk);
    onChunk();
    yield chunk;
  }
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

async function signIn(market: ListeningMarketplace): Promise<string> {
  const { clientId, clientSecret, username, password } = market.credentials;
  const answer = await fetch(`${market.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

it('uploads 1 GiB with flat server memory, and stores the sha256 the sender computed', { timeout: 180_000 }, async () => {
  const market = await listenMarketplace({ port: 0, attachmentMaxBytes: 2 * GIB });
  const filesFolder = attachmentFilesFolder(market.marketplace.context);
  try {
    const token = await signIn(market);
    const folders = (await (await fetch(`${market.baseUrl}/workorders/${ORDER}/attachments?access_token=${token}`)).json()) as { results: { id: number }[] };
    const deliverables = folders.results[1]?.id;
    const url = `${market.baseUrl}/workorders/${ORDER}/attachments/${deliverables}?access_token=${token}`;
    const send = async (size: number, onChunk: () => void) => {
      const hash = createHash('sha256');
      const answer = await request(url, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: Readable.from(multipartBody(size, hash, onChunk)),
        bodyTimeout: 60_000,
        headersTimeout: 60_000,
      });
      expect(answer.statusCode).toBe(200);
      await answer.body.dump();
      return hash.digest('hex');
    };

    // A small upload first, so the baseline includes what any upload sets up once.
    await send(4 * 1024 * 1024, () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));

    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const sampler = setInterval(sample, 5);
    const started = performance.now();
    let sentHash: string;
    try {
      sentHash = await send(GIB, sample);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;

    const folder = await (await fetch(`${market.baseUrl}/workorders/${ORDER}/attachments/${deliverables}?access_token=${token}`)).json();
    const stored = (folder as { results: { file: { size_bytes: number; hash: string } }[] }).results.at(-1)?.file;
    expect(stored).toEqual(expect.objectContaining({ size_bytes: GIB, hash: sentHash }));

    const growth = peak - baseline;
    console.info(
      `1 GiB upload: ${(1024 / seconds).toFixed(0)} MiB/s (${seconds.toFixed(1)} s); RSS ${(baseline / 2 ** 20).toFixed(0)} MiB before, ` +
        `peak ${(peak / 2 ** 20).toFixed(0)} MiB, growth ${(growth / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(growth).toBeLessThan(ALLOWED_GROWTH_BYTES);
  } finally {
    await market.close();
  }
  // An in-memory server's files folder goes with it: the gigabyte does not stay behind.
  expect(existsSync(filesFolder)).toBe(false);
});
