import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AttachmentStaging } from '../../../src-main/attachments/staging';
import { AppError } from '../../../src-shared/errors';
import { temporaryDir } from '../../support/temporary-dir';

const MAX_BYTES = 64 * 1024;
const posix = process.platform !== 'win32';

function setUp(maxBytes = MAX_BYTES) {
  const root = temporaryDir('staging-test-');
  const dir = join(root, 'staging');
  return { root, dir, staging: new AttachmentStaging({ dir, maxBytes }) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error.code;
}

/** A stream of `chunks` chunks of `size` bytes, made as they are read. */
function generated(chunks: number, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let index = 0; index < chunks; index += 1) yield randomBytes(size);
    })(),
  );
}

describe('AttachmentStaging.stageFromPath', () => {
  it('copies the file and its sha256, size, safe name and guessed type; the original may then go', async () => {
    const { root, dir, staging } = setUp();
    const bytes = randomBytes(50_000);
    const original = join(root, 'Site photo.JPG');
    writeFileSync(original, bytes);

    const staged = await staging.stageFromPath(original);

    expect(staged).toEqual({ id: expect.any(String), path: join(dir, staged.id), name: 'Site photo.JPG', mime: 'image/jpeg', size: bytes.length, sha256: sha256(bytes) });
    expect(readFileSync(staged.path).equals(bytes)).toBe(true);
    writeFileSync(original, 'changed');
    expect(staging.get(staged.id)).toEqual(staged);
  });

  it('answers octet-stream for an unknown extension, and an empty file is a file', async () => {
    const { root, staging } = setUp();
    writeFileSync(join(root, 'readings.xyz'), '');
    expect(await staging.stageFromPath(join(root, 'readings.xyz'))).toMatchObject({ mime: 'application/octet-stream', size: 0, sha256: sha256(Buffer.alloc(0)) });
  });

  it('refuses a missing file and a folder as unreadable', async () => {
    const { root, staging } = setUp();
    mkdirSync(join(root, 'a folder'));
    expect(await codeOf(staging.stageFromPath(join(root, 'gone.pdf')))).toBe('ATTACHMENT_UNREADABLE');
    expect(await codeOf(staging.stageFromPath(join(root, 'a folder')))).toBe('ATTACHMENT_UNREADABLE');
  });

  it.skipIf(!posix || process.getuid?.() === 0)('refuses a file it may not read as unreadable', async () => {
    const { root, staging } = setUp();
    writeFileSync(join(root, 'secret.pdf'), 'x', { mode: 0o000 });
    expect(await codeOf(staging.stageFromPath(join(root, 'secret.pdf')))).toBe('ATTACHMENT_UNREADABLE');
  });

  it('refuses a file over the limit before copying a byte', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'large.bin'), Buffer.alloc(MAX_BYTES + 1));
    writeFileSync(join(root, 'exact.bin'), Buffer.alloc(MAX_BYTES));

    expect(await codeOf(staging.stageFromPath(join(root, 'large.bin')))).toBe('ATTACHMENT_TOO_LARGE');
    // Refused from its size alone: the staging folder was not even made.
    expect(() => readdirSync(dir)).toThrow();
    expect((await staging.stageFromPath(join(root, 'exact.bin'))).size).toBe(MAX_BYTES);
  });

  it.skipIf(!posix)('keeps its folder 0700 and every file 0600', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'report.pdf'), 'report', { mode: 0o644 });
    const staged = await staging.stageFromPath(join(root, 'report.pdf'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir).sort()).toEqual([staged.id, `${staged.id}.json`].sort());
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
  });
});

describe('AttachmentStaging.stageFromStream', () => {
  it('copies a stream with the same hash as the bytes sent', async () => {
    const { staging } = setUp();
    const bytes = randomBytes(40_000);
    const staged = await staging.stageFromStream(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'C:\\Users\\pat\\notes.txt', { declaredSize: bytes.length });
    expect(staged).toMatchObject({ name: 'notes.txt', mime: 'text/plain', size: bytes.length, sha256: sha256(bytes) });
    expect(readFileSync(staged.path).equals(bytes)).toBe(true);
  });

  it('refuses a declared size over the limit without reading the stream', async () => {
    const { staging } = setUp();
    const source = generated(1, 10);
    expect(await codeOf(staging.stageFromStream(source, 'big.bin', { declaredSize: MAX_BYTES + 1 }))).toBe('ATTACHMENT_TOO_LARGE');
    expect(source.readableEnded).toBe(false);
    expect(source.destroyed).toBe(false);
  });

  it('aborts a stream that passes the limit, leaving no partial file', async () => {
    const { dir, staging } = setUp();
    expect(await codeOf(staging.stageFromStream(generated(100, 4096), 'endless.bin'))).toBe('ATTACHMENT_TOO_LARGE');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('answers unreadable when the stream breaks off, leaving no partial file', async () => {
    const { dir, staging } = setUp();
    const source = new Readable({ read() {} });
    source.push(randomBytes(1000));
    const staging_ = staging.stageFromStream(source, 'cut.bin');
    setImmediate(() => source.destroy(new Error('socket hang up')));
    expect(await codeOf(staging_)).toBe('ATTACHMENT_UNREADABLE');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops when its signal aborts, leaving no partial file', async () => {
    const { dir, staging } = setUp();
    const source = new Readable({ read() {} });
    source.push(randomBytes(1000));
    const controller = new AbortController();
    const staging_ = staging.stageFromStream(source, 'slow.bin', { signal: controller.signal });
    controller.abort();
    await expect(staging_).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('AttachmentStaging.get, remove and prune', () => {
  it('refuses ids that are not uuids, and unknown ones', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'a.txt'), 'a');
    const staged = await staging.stageFromPath(join(root, 'a.txt'));
    // A sidecar outside the folder, reachable by a relative id, must not be read.
    writeFileSync(join(root, 'outside.json'), JSON.stringify({ ...staged, id: '../outside' }));
    for (const id of ['../outside', `../staging/${staged.id}`, `${staged.id}/../${staged.id}`, '', 'not-a-uuid', staged.id.toUpperCase().replace(/-/g, '')]) {
      expect(staging.get(id)).toBeUndefined();
    }
    expect(staging.get('0b8a2f4e-9a6d-4c8e-9d1b-2c4e6f8a0b1c')).toBeUndefined();
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('forgets a file whose sidecar is broken or whose copy is gone', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'a.txt'), 'a');
    const first = await staging.stageFromPath(join(root, 'a.txt'));
    const second = await staging.stageFromPath(join(root, 'a.txt'));
    writeFileSync(join(dir, `${first.id}.json`), '{"id": 1}');
    await staging.remove(second.id);
    expect(staging.get(first.id)).toBeUndefined();
    expect(staging.get(second.id)).toBeUndefined();
  });

  it('survives a restart: a new staging over the same folder finds the file', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'plan.pdf'), 'plan');
    const staged = await staging.stageFromPath(join(root, 'plan.pdf'));
    expect(new AttachmentStaging({ dir, maxBytes: MAX_BYTES }).get(staged.id)).toEqual(staged);
  });

  it('removes idempotently', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'a.txt'), 'a');
    const staged = await staging.stageFromPath(join(root, 'a.txt'));
    await staging.remove(staged.id);
    await staging.remove(staged.id);
    await staging.remove('../staging');
    expect(staging.get(staged.id)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('prunes what is not kept, debris included, and answers how many', async () => {
    const { root, dir, staging } = setUp();
    writeFileSync(join(root, 'a.txt'), 'a');
    const kept = await staging.stageFromPath(join(root, 'a.txt'));
    const dropped = await staging.stageFromPath(join(root, 'a.txt'));
    writeFileSync(join(dir, '6f1c0b52-7d0e-4f4a-8b3e-5a9c2d1e0f11.part'), 'left by a crash');

    expect(await staging.prune(new Set([kept.id]))).toBe(2);
    expect(readdirSync(dir).sort()).toEqual([kept.id, `${kept.id}.json`].sort());
    expect(staging.get(kept.id)).toEqual(kept);
    expect(staging.get(dropped.id)).toBeUndefined();
    expect(await staging.prune(new Set([kept.id]))).toBe(0);
  });

  it('prunes nothing, and fails nothing, before the folder exists', async () => {
    const { staging } = setUp();
    expect(await staging.prune(new Set())).toBe(0);
  });

  it('never prunes a copy under way', async () => {
    const { dir, staging } = setUp();
    const source = new Readable({ read() {} });
    const copying = staging.stageFromStream(source, 'slow.bin');
    source.push(Buffer.from('first part'));
    // Wait for the partial file to exist before pruning.
    while (!readdirSync(dir).some((file) => file.endsWith('.part'))) await new Promise((resolve) => setImmediate(resolve));
    expect(await staging.prune(new Set())).toBe(0);
    source.push(null);
    const staged = await copying;
    expect(staging.get(staged.id)?.size).toBe('first part'.length);
  });
});
