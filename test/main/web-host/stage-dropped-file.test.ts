import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../../src-shared/domain/attachments';
import { AppError } from '../../../src-shared/errors';
import { AttachmentStaging } from '../../../src-main/attachments/staging';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { stageDroppedFile } from '../../../src-renderer/lib/web-bridge';
import { temporaryDir } from '../../support/temporary-dir';
import { rendererDir, stubApp } from './support';

// The renderer's half of a browser drop against the real web host. What a browser does on its own
// is played here: the page's address and token, and the Origin header it adds to every POST.

vi.mock('../../../src-renderer/lib/connection.svelte', () => ({ connection: { set: () => undefined } }));

const hosts: WebHost[] = [];

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const host of hosts.splice(0)) await host.close();
});

/** A page of a running web host, holding the token `tokenOf` picks (none, a stale one, the host's). */
async function pageOf(tokenOf: (host: WebHost) => string | undefined) {
  const staging = new AttachmentStaging({ dir: join(temporaryDir(), 'staging'), maxBytes: ATTACHMENT_MAX_BYTES });
  const host = await startWebHost({ app: { ...stubApp({}), attachmentStaging: staging }, rendererDir: rendererDir(), port: 0 });
  hosts.push(host);
  vi.stubGlobal('window', { location: { href: `${host.origin}/`, hash: '', pathname: '/', search: '' } });
  vi.stubGlobal('sessionStorage', { getItem: () => tokenOf(host) ?? null, setItem: () => undefined });
  const browserFetch = fetch;
  vi.stubGlobal('fetch', (input: URL, init: RequestInit) => browserFetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Origin: host.origin } }));
  return { host, staging };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('stageDroppedFile', () => {
  it('streams a dropped file to the web host and answers its staged id', async () => {
    const { staging } = await pageOf((host) => host.token);
    const bytes = randomBytes(200_000);

    const staged = await stageDroppedFile(new File([bytes], 'plan.pdf', { type: 'application/pdf' }));

    expect(staged).toEqual({ stagedId: expect.any(String), name: 'plan.pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(readFileSync(staging.get(staged.stagedId)?.path ?? '').equals(bytes)).toBe(true);
  });

  it("answers the host's refusal as an AppError", async () => {
    await pageOf(() => 'a stale token from the last launch');
    expect(await failure(stageDroppedFile(new File(['x'], 'a.txt')))).toMatchObject({ code: 'IPC_NOT_CONNECTED' });
  });

  it('refuses without a token, and a file over the limit, before sending anything', async () => {
    const held: { token?: string } = {};
    await pageOf(() => held.token);
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    expect(await failure(stageDroppedFile(new File(['x'], 'a.txt')))).toMatchObject({ code: 'IPC_NOT_CONNECTED' });
    held.token = 'a token';
    const huge = { name: 'video.mp4', size: ATTACHMENT_MAX_BYTES + 1 } as File;
    expect(await failure(stageDroppedFile(huge))).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' });
    expect(sent).not.toHaveBeenCalled();
  });
});
