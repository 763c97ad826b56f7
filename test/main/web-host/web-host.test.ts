import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApp } from '../../../src-main/app/create-app';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { type WebHost, startWebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';

let host: WebHost;

beforeEach(async () => {
  const rendererDir = temporaryDir();
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Field Desk</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'early-socket.js'), 'void 0');
  const app = createApp({ dataDir: temporaryDir(), host: 'web', logger: createMemoryLogger() });
  host = await startWebHost({ app, rendererDir, port: 0 });
});

afterEach(async () => {
  await host.close();
});

function socketUrl(token: string | undefined): string {
  const url = new URL('/ipc', host.origin);
  url.protocol = 'ws:';
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

/** Opens a socket; resolves with it once open, or with the HTTP status that refused the handshake. */
function open(token: string | undefined, origin: string | undefined, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(token), { headers: { ...(origin ? { Origin: origin } : {}), ...headers } });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

function call(socket: WebSocket, frame: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString())));
    socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  });
}

describe('the web host', () => {
  it('prints a loopback URL carrying the token in the fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{40,}$/);
  });

  it('carries app:info over the socket for the right token and Origin', async () => {
    const socket = await open(host.token, host.origin);
    expect(socket).toBeInstanceOf(WebSocket);
    const answer = await call(socket as WebSocket, { type: 'invoke', id: 1, channel: 'app:info' });
    expect(answer).toMatchObject({ type: 'result', id: 1, result: { ok: true, value: { host: 'web', environment: 'local' } } });
    (socket as WebSocket).close();
  });

  it('refuses a connection without the token, or with a wrong one, with 401', async () => {
    expect(await open(undefined, host.origin)).toBe(401);
    expect(await open('not-the-token', host.origin)).toBe(401);
    expect(await open(`${host.token.slice(0, -1)}x`, host.origin)).toBe(401);
  });

  it('refuses a foreign or missing Origin with 403, even with the token', async () => {
    expect(await open(host.token, 'http://evil.example')).toBe(403);
    expect(await open(host.token, `http://127.0.0.1:${host.port + 1}`)).toBe(403);
    expect(await open(host.token, undefined)).toBe(403);
  });

  it('refuses a Host header that is not loopback (DNS rebinding) with 421', async () => {
    expect(await open(host.token, host.origin, { Host: `attacker.example:${host.port}` })).toBe(421);
    // fetch() may not set Host; a raw request can, as a rebinding page's browser would.
    const status = await new Promise<number>((resolve, reject) => {
      request(host.origin, { headers: { Host: 'attacker.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(421);
  });

  it('answers invalid input with {code, message} and keeps the socket open', async () => {
    const socket = (await open(host.token, host.origin)) as WebSocket;
    const answer = await call(socket, { type: 'invoke', id: 7, channel: 'settings:update', input: { theme: 42 } });
    expect(answer).toEqual({
      type: 'result',
      id: 7,
      result: { ok: false, error: { code: 'IPC_INVALID_INPUT', message: expect.stringContaining('theme') } },
    });
    const unknown = await call(socket, { type: 'invoke', id: 8, channel: 'nope:nothing' });
    expect(unknown).toMatchObject({ id: 8, result: { ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL' } } });
    const badFrame = await call(socket, { type: 'invoke', id: 9, channel: 5 });
    expect(badFrame).toMatchObject({ id: 9, result: { ok: false, error: { code: 'IPC_INVALID_INPUT' } } });
    socket.close();
  });

  it('closes the socket with a policy code on a frame it cannot answer', async () => {
    const socket = (await open(host.token, host.origin)) as WebSocket;
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('{not json');
    expect(await closed).toBe(1008);
  });

  it('pushes events to the socket: settings:did-change after settings:update', async () => {
    const socket = (await open(host.token, host.origin)) as WebSocket;
    const frames: unknown[] = [];
    const both = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        frames.push(JSON.parse(data.toString()));
        if (frames.length === 2) resolve();
      });
    });
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'settings:update', input: { theme: 'dark' } }));
    await both;
    // objectContaining: settings gain fields (undoSeconds) that this test is not about.
    expect(frames).toContainEqual({ type: 'event', event: 'settings:did-change', payload: expect.objectContaining({ theme: 'dark' }) });
    expect(frames).toContainEqual({ type: 'result', id: 1, result: { ok: true, value: expect.objectContaining({ theme: 'dark' }) } });
    socket.close();
  });

  it('serves the renderer with a strict CSP and never a file outside its folder', async () => {
    const page = await fetch(host.origin);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<title>Field Desk</title>');
    const asset = await fetch(`${host.origin}/assets/app.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    // Hashed names are kept for a year; the page and public/'s files, whose names stay across versions, never.
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${host.origin}/early-socket.js`)).headers.get('cache-control')).toBe('no-store');
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%00', '/%E0%A4%A']) {
      expect((await fetch(`${host.origin}${path}`)).status).toBe(404);
    }
    expect((await fetch(host.origin, { method: 'POST' })).status).toBe(405);
  });

  it('answers a request target that is not a URL with 400 and keeps serving (a throw here would end the process)', async () => {
    /** The status line of a hand-written request: no client library would send such a target. */
    const statusLine = (target: string, headers: string[] = []) =>
      new Promise<string>((resolve, reject) => {
        const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${host.port}`, ...headers, '', ''];
        const socket = connect(host.port, '127.0.0.1', () => socket.write(lines.join('\r\n')));
        socket.once('data', (chunk) => {
          resolve(chunk.toString().split('\r\n')[0] ?? '');
          socket.destroy();
        });
        socket.on('error', reject);
      });
    expect(await statusLine('http://[')).toBe('HTTP/1.1 400 Bad Request');
    const upgrade = ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13'];
    expect(await statusLine('http://[', upgrade)).toMatch(/^HTTP\/1\.1 404/);
    expect((await fetch(host.origin)).status).toBe(200);
  });
});
