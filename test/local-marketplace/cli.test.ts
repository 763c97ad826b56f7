import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { buildFromSources } from '../support/build-from-sources';
import type { MarketplaceConfig } from '../../src-main/local-marketplace/listen';
import { parseAnswer, rawExchange } from './raw-socket';

// The CLI as the build makes it (a CommonJS bundle run by plain node), built from the sources here
// so the test never runs a stale out/ file.
let built: string;
let dataDir: string;
const running = new Set<ChildProcessWithoutNullStreams>();

beforeAll(async () => {
  built = await buildFromSources({ marketplace: 'src-main/local-marketplace/cli.ts' });
  dataDir = mkdtempSync(join(tmpdir(), 'marketplace-cli-'));
}, 60_000);

afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

afterAll(() => {
  rmSync(built, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  output: string;
  exit: Promise<number | null>;
}

/** Spawns the CLI and waits until it printed `until` (or exited). */
function launch(args: string[], until: RegExp): Promise<Started> {
  const child = spawn(process.execPath, [join(built, 'marketplace.js'), ...args]);
  running.add(child);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exit.then(() => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) resolve({ child, output, exit });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then((code) => (until.test(output) ? undefined : reject(new Error(`exited ${code} before printing ${until}:\n${output}`))));
  });
}

/** The value printed after `label:` on its own line. */
function printed(output: string, label: string): string {
  const match = new RegExp(`^\\s*${label}:\\s+(\\S+)`, 'm').exec(output);
  if (!match?.[1]) throw new Error(`No "${label}" in:\n${output}`);
  return match[1];
}

async function passwordGrant(authUrl: string, credentials: { clientId: string; clientSecret: string; username: string; password: string }) {
  return fetch(`${authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
    }),
  });
}

describe('npm run marketplace (the CLI)', () => {
  it('prints its URLs and the demo credentials, signs in with them, and stops cleanly on SIGINT', { timeout: 30_000 }, async () => {
    const db = join(dataDir, 'market.db');
    const { child, output, exit } = await launch(['--port', '0', '--db', db], /Ctrl\+C/);
    const baseUrl = printed(output, 'Base URL');
    const authUrl = printed(output, 'Auth URL');
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/rest\/v2$/);
    expect(authUrl).toBe(baseUrl.replace('/api/rest/v2', ''));
    expect(printed(output, 'Webhook URL')).toBe(authUrl);
    expect(printed(output, 'svc-token')).toBeTruthy();
    expect(printed(output, 'company_id')).toMatch(/^\d+$/);

    const credentials = {
      clientId: printed(output, 'client_id'),
      clientSecret: printed(output, 'client_secret'),
      username: printed(output, 'username'),
      password: printed(output, 'password'),
    };
    const token = await passwordGrant(authUrl, credentials);
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    expect((await fetch(`${baseUrl}/no-such-route?access_token=${accessToken}`)).status).toBe(404);

    child.kill('SIGINT');
    expect(await exit).toBe(0);

    // The file keeps the data: a second run on it signs in without seeding again.
    const again = await launch(['--port', '0', '--db', db, '--no-seed', '--print-config'], /\}\s*$/m);
    const config = JSON.parse(again.output.trim().split('\n')[0] ?? '') as MarketplaceConfig;
    expect(config.seeded).toBe(true);
    expect((await passwordGrant(config.authUrl, credentials)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  });

  it('prints the config as one line of JSON with --print-config', { timeout: 30_000 }, async () => {
    const { child, output, exit } = await launch(['--port', '0', '--print-config', '--environment', 'production', '--no-seed'], /\}\s*$/m);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const config = JSON.parse(lines[0] ?? '') as MarketplaceConfig;
    expect(config).toEqual({
      origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      baseUrl: `${config.origin}/api/rest/v2`,
      authUrl: config.origin,
      webhookUrl: config.origin,
      environment: 'production',
      seeded: false,
      credentials: {
        clientId: expect.any(String),
        clientSecret: expect.any(String),
        username: expect.any(String),
        password: expect.any(String),
        svcToken: expect.any(String),
        companyId: expect.any(Number),
      },
    });
    // Not seeded: the credentials do not sign in until the demo is seeded through the control plane.
    expect((await passwordGrant(config.authUrl, config.credentials)).status).toBe(401);
    expect((await fetch(`${config.origin}/__local/seed`, { method: 'POST' })).status).toBe(200);
    expect((await passwordGrant(config.authUrl, config.credentials)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('answers only loopback host names, plus each --allow-host', { timeout: 30_000 }, async () => {
    const { child, output, exit } = await launch(['--port', '0', '--no-seed', '--print-config', '--allow-host', 'market.test', '--allow-host', 'Proxy.Example'], /\}\s*$/m);
    const { origin } = JSON.parse(output.trim()) as MarketplaceConfig;
    const port = Number(new URL(origin).port);
    // fetch() cannot set Host; a browser on a rebound name would, so the request is written by hand.
    const statusFor = async (host: string) => parseAnswer((await rawExchange(port, (socket) => socket.write(`GET /__local/clock HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))).text).status;
    expect(await statusFor(`127.0.0.1:${port}`)).toBe(200);
    expect(await statusFor(`market.test:${port}`)).toBe(200);
    expect(await statusFor('proxy.example')).toBe(200);
    expect(await statusFor(`attacker.example:${port}`)).toBe(421);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses bad arguments with the usage and exit code 2', { timeout: 30_000 }, async () => {
    for (const args of [['--port', 'abc'], ['--port', '70000'], ['--environment', 'staging'], ['--colour'], ['--allow-host', 'http://market.test'], ['--allow-host', 'market.test:80']]) {
      const { output, exit } = await launch(args, /Usage:/);
      expect(await exit, args.join(' ')).toBe(2);
      expect(output).toContain('--print-config');
    }
  });
});
