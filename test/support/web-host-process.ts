import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface WebHostProcess {
  /** The URL the web host printed, token included. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** The host's process: main, where the cache is read (the benchmarks read its memory). */
  pid: number | undefined;
  /** Everything the process printed so far. */
  output: () => string;
  /** Stops the process and removes its data dir; safe to call twice (the fixture calls it again). */
  stop: () => Promise<void>;
}

export interface WebHostOptions {
  forceBrowserMode?: boolean;
  /** Fills the fresh data dir before the host opens it (a large cache: `large-cache.ts`). */
  prepare?: (dataDir: string) => void;
  /** The repository; callers without `__dirname` (Vite's module runner, the benchmarks) pass it. */
  root?: string;
  /** A data dir of the caller's, kept when the host stops (a start-up measured again on the same cache). */
  dataDir?: string;
  /** The port, 0 (the default) for any free one. A fixed one keeps the origin, and so the browser's cache, from one start to the next. */
  port?: number;
}

/**
 * Runs what `npm start` runs after its build (`scripts/start.mjs`), on any free port with its own data dir.
 * Browser mode is forced so a machine that does have Electron still tests the web host.
 */
export async function startWebHostProcess({ forceBrowserMode = true, prepare, root = resolve(__dirname, '..', '..'), dataDir: given, port = 0 }: WebHostOptions = {}): Promise<WebHostProcess> {
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'field-desk-e2e-'));
  try {
    prepare?.(dataDir);
  } catch (error) {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const env = { ...process.env };
  // Each test simulates the provider steps it needs: the demo's autopilot, whose steps now reach the
  // screens within seconds, would add load and rows no test asked for.
  env.FIELD_DESK_SIMULATED_PROVIDERS ??= 'off';
  if (forceBrowserMode) env.FIELD_DESK_BROWSER_MODE = '1';
  else delete env.FIELD_DESK_BROWSER_MODE;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--port', String(port), '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open: (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web host exited with ${code}:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    // A host that never printed its address must not outlive the test, nor its data dir.
    await stop();
    throw error;
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '',
    dataDir,
    pid: child.pid,
    output: () => output,
    stop,
  };
}

