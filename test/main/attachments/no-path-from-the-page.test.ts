import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createApp } from '../../../src-main/app/create-app';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { type WebHost, startWebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';
import { appUnderTest } from '../app/support';
import { openSocket, rendererDir } from '../web-host/support';

// Issue 22, item 1: a file path never comes from the page. Browser mode has no use for one; on the
// desktop only the preload's own channel carries a path, and whatever its source main takes a
// regular file only, opened once without following a symlink.

const linux = process.platform === 'linux';
const hosts: WebHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

function call(socket: WebSocket, channel: string, input: unknown): Promise<{ ok: boolean; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    const heard = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as { type: string; result: { ok: boolean; error?: { code: string; message: string } } };
      if (frame.type !== 'result') return;
      socket.off('message', heard);
      resolve(frame.result);
    };
    socket.on('message', heard);
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel, input }));
  });
}

describe('over the web host socket (browser mode)', () => {
  it('refuses any path, on the upload channel and on the preload’s own, and stages and queues nothing', async () => {
    const dataDir = temporaryDir();
    const app = createApp({ dataDir, host: 'web', logger: createMemoryLogger() });
    const host = await startWebHost({ app, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);
    const socket = await openSocket(host);
    const hostile = ['/etc/hostname', '../../../../etc/hostname', '/proc/self/status'];
    for (const path of hostile) {
      expect(await call(socket, 'attachments:upload', { workOrderId: 5, path })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
      const stagedIdBeside = await call(socket, 'attachments:upload', { workOrderId: 5, path, stagedId: '3f1c3e0e-8d7e-4f43-9f61-2f6f0b1c9a10' });
      expect(stagedIdBeside).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
      const preloadOnly = await call(socket, 'attachments:upload-file', { workOrderId: 5, path });
      expect(preloadOnly).toMatchObject({ ok: false, error: { code: 'IPC_FORBIDDEN_SENDER', message: expect.stringContaining('only by the desktop app') } });
    }
    expect(await call(socket, 'outbox:list', undefined)).toMatchObject({ ok: true, value: { entries: [] } });
    const staged = (() => {
      try {
        return readdirSync(join(dataDir, 'staging'));
      } catch {
        return [];
      }
    })();
    expect(staged).toEqual([]);
    socket.close();
  });
});

describe('attachments:upload-file from the desktop preload', () => {
  async function desktop() {
    const harness = appUnderTest({ logger: createMemoryLogger() });
    const refusal = async (path: string) => {
      const answer = await harness.uploadFile({ workOrderId: 5, path });
      return answer.ok ? 'queued' : answer.error.code;
    };
    const stagedFiles = () => {
      try {
        return readdirSync(join(harness.dataDir, 'staging'));
      } catch {
        return [];
      }
    };
    return { ...harness, refusal, stagedFiles };
  }

  it('queues a regular file, and refuses a relative path, a folder, a symlink, a FIFO, a device and procfs', async () => {
    const { refusal, stagedFiles, call } = await desktop();
    const dir = temporaryDir();
    const report = join(dir, 'report.pdf');
    writeFileSync(report, 'the report');
    symlinkSync('/etc/hostname', join(dir, 'hostname.pdf'));
    symlinkSync(report, join(dir, 'shortcut.pdf'));
    mkdirSync(join(dir, 'a folder'));

    expect(await refusal('../../../../etc/hostname')).toBe('ATTACHMENT_UNREADABLE');
    expect(await refusal(`${dir}/../${dir.split('/').pop() ?? ''}/report.pdf`)).toBe('ATTACHMENT_UNREADABLE');
    expect(await refusal(join(dir, 'a folder'))).toBe('ATTACHMENT_UNREADABLE');
    expect(await refusal(join(dir, 'hostname.pdf'))).toBe('ATTACHMENT_UNREADABLE');
    expect(await refusal(join(dir, 'shortcut.pdf'))).toBe('ATTACHMENT_UNREADABLE');
    if (linux) {
      execFileSync('mkfifo', [join(dir, 'pipe.pdf')]);
      expect(await refusal(join(dir, 'pipe.pdf'))).toBe('ATTACHMENT_UNREADABLE');
      expect(await refusal('/dev/zero')).toBe('ATTACHMENT_UNREADABLE');
      expect(await refusal('/proc/self/status')).toBe('ATTACHMENT_UNREADABLE');
      expect(await refusal('/sys/kernel/mm/transparent_hugepage/enabled')).toBe('ATTACHMENT_UNREADABLE');
    }
    expect(stagedFiles()).toEqual([]);
    expect((await call<{ entries: unknown[] }>('outbox:list')).entries).toEqual([]);

    expect(await refusal(report)).toBe('queued');
    expect(stagedFiles()).toHaveLength(2);
  });

  it('says why a link is refused', async () => {
    const { uploadFile } = await desktop();
    const dir = temporaryDir();
    symlinkSync('/etc/hostname', join(dir, 'invoice.pdf'));
    expect(await uploadFile({ workOrderId: 5, path: join(dir, 'invoice.pdf') })).toMatchObject({
      ok: false,
      error: { code: 'ATTACHMENT_UNREADABLE', message: 'That file could not be attached: it is a link to another file.' },
    });
  });
});
