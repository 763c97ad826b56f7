// Budget (ARCHITECTURE.md): the local marketplace answers at least 5× the requests per second of
// a Prism mock of the same endpoints. Both are measured in the same run, over real HTTP on
// 127.0.0.1, by the same load generator in its own thread, with a bounded count and time. The
// marketplace runs as the app runs it: bundled, in a worker thread (code run through Vite's module
// runner, as this file is, is several times slower and would measure the runner).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { buildFromSources } from '../support/build-from-sources';
import { startMarketplaceInWorker, type WorkerMarketplace } from '../../src-main/local-marketplace/in-worker';
import type { OpenApiDocument } from '../../src-main/local-marketplace/openapi';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CONCURRENCY = 16;
/** Each round ends after this many requests or seconds, whichever comes first. */
const REQUESTS = 3_000;
const SECONDS_PER_ROUND = 5;
const ROUNDS = 3;
const WARMUP = 200;
/** npx may have to fetch Prism first. */
const PRISM_START_SECONDS = 240;
const TARGET_RATIO = 5;
/** So that `per_page=100` answers a full page. */
const WORK_ORDERS_WANTED = 100;

interface Target {
  label: string;
  /** Below the REST base path, with a real id and the query. */
  path: string;
}

interface Measure {
  completed: number;
  ok: number;
  statuses: Record<string, number>;
  elapsedSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

function measure(origin: string, path: string): Promise<Measure> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { origin, path, requests: REQUESTS, seconds: SECONDS_PER_ROUND, rounds: ROUNDS, concurrency: CONCURRENCY, warmup: WARMUP },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The first item's id in a list answer (an array, or `{results}`), if any. */
async function firstId(origin: string, listPath: string, token: string): Promise<number | undefined> {
  const answer = await fetch(`${origin}${listPath}?per_page=100&access_token=${token}`);
  if (!answer.ok) return undefined;
  const body = (await answer.json()) as unknown;
  const items = Array.isArray(body) ? body : ((body as { results?: unknown[] }).results ?? []);
  const id = (items[0] as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * An item route, its list and a real id, e.g. `workorders/{work_order_id}`, `workorders`, 1, read
 * from the served OpenAPI document. Work orders when the seed has some; otherwise the first such
 * pair that has data, said in the output.
 */
async function chooseTargets(marketplace: WorkerMarketplace, document: OpenApiDocument, token: string): Promise<{ list: string; item: string; id: number; note?: string }> {
  const gets = Object.entries(document.paths)
    .filter(([, item]) => (item.get as { security?: unknown } | undefined)?.security)
    .map(([path]) => path);
  const workOrders = `${REST_API_BASE_PATH}/workorders`;
  const pairs = gets
    .map((path) => /^(.*)\/\{\w+\}$/.exec(path))
    .filter((match): match is RegExpExecArray => match !== null && gets.includes(match[1] ?? ''))
    .map((match) => ({ list: match[1] ?? '', item: match[0] }))
    .sort((a, b) => Number(b.list === workOrders) - Number(a.list === workOrders));
  for (const pair of pairs) {
    const id = await firstId(marketplace.origin, pair.list, token);
    if (id === undefined) continue;
    const note = pair.list === workOrders ? undefined : `GET workorders has no work order (or no route) yet: measuring ${pair.list} and ${pair.item} instead.`;
    return { ...pair, id, note };
  }
  throw new Error('No GET route with an id and a list that has data is registered');
}

/**
 * Tops the work orders up to a full page with drafts (a title is all a draft needs), so the list
 * measures 100 orders whatever the seed holds. Does nothing where work orders are not served.
 */
async function ensureWorkOrders(marketplace: WorkerMarketplace, token: string): Promise<number> {
  const list = await fetch(`${marketplace.baseUrl}/workorders?per_page=1&access_token=${token}`);
  if (!list.ok) return 0;
  const total = ((await list.json()) as { metadata?: { total?: number } }).metadata?.total ?? 0;
  let created = 0;
  for (let index = total; index < WORK_ORDERS_WANTED; index += 1) {
    const answer = await fetch(`${marketplace.baseUrl}/workorders?access_token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Benchmark work order ${index + 1}` }),
    });
    if (!answer.ok) break;
    created += 1;
  }
  return created;
}

async function signIn(marketplace: WorkerMarketplace): Promise<string> {
  const { credentials } = marketplace;
  const answer = await fetch(`${marketplace.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: credentials.clientId, client_secret: credentials.clientSecret, username: credentials.username, password: credentials.password }),
  });
  if (!answer.ok) throw new Error(`Sign-in failed: ${answer.status}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** Starts Prism in its own process group (npx starts a child of its own), or explains why not. */
async function startPrism(documentFile: string, port: number): Promise<{ child: ChildProcess; origin: string } | { error: string }> {
  const child = spawn('npx', ['--yes', '@stoplight/prism-cli@5', 'mock', documentFile, '-p', String(port), '-h', '127.0.0.1'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + PRISM_START_SECONDS * 1000;
  while (Date.now() < deadline && !exited) {
    if (/listening on/i.test(output)) return { child, origin };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopProcessGroup(child);
  return { error: exited ? `Prism exited before listening:\n${output.trim()}` : `Prism did not listen within ${PRISM_START_SECONDS} s:\n${output.trim()}` };
}

function stopProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

const format = (value: number) => Math.round(value).toLocaleString('en-US');

function row(cells: string[]): string {
  const widths = [30, 14, 14, 9, 22, 22];
  return cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 10) : cell.padStart(widths[index] ?? 10))).join(' ');
}

/** Measures both servers on both endpoints and prints the table; Prism is stopped by the caller. */
async function compare(marketplace: WorkerMarketplace, workDir: string, onPrism: (child: ChildProcess) => void): Promise<void> {
  const token = await signIn(marketplace);
  const created = await ensureWorkOrders(marketplace, token);
  if (created) console.log(`Created ${created} draft work orders so that a list page holds ${WORK_ORDERS_WANTED}.`);
  const documentText = await (await fetch(`${marketplace.origin}/__local/openapi.json`)).text();
  const { list, item, id, note } = await chooseTargets(marketplace, JSON.parse(documentText) as OpenApiDocument, token);
  const short = (path: string) => path.slice(REST_API_BASE_PATH.length + 1);
  const targets: Target[] = [
    { label: `GET ${short(item)}`, path: `${item.replace(/\{\w+\}/, String(id))}?access_token=${token}` },
    { label: `GET ${short(list)}?per_page=100`, path: `${list}?per_page=100&access_token=${token}` },
  ];
  if (note) console.log(note);

  const documentFile = join(workDir, 'openapi.json');
  writeFileSync(documentFile, documentText);
  console.log(`Starting Prism 5 with the generated document (npx may fetch it first, up to ${PRISM_START_SECONDS} s)...`);
  const started = await startPrism(documentFile, await freePort());
  if ('error' in started) console.log(`Prism could not be started, so only the local marketplace is measured.\n${started.error}`);
  else onPrism(started.child);

  console.log(
    `Load: ${CONCURRENCY} connections, ${WARMUP} warm-up requests, then the median of ${ROUNDS} rounds of up to ${format(REQUESTS)} requests or ${SECONDS_PER_ROUND} s, per endpoint and server.\n`,
  );
  console.log(row(['endpoint', 'local req/s', 'prism req/s', 'ratio', 'local p50/p99 ms', 'prism p50/p99 ms']));
  const ratios: number[] = [];
  const latency = (result: Measure | undefined) => (result ? `${result.p50.toFixed(1)} / ${result.p99.toFixed(1)}` : '-');
  for (const target of targets) {
    const local = await measure(marketplace.origin, target.path);
    const mock = 'error' in started ? undefined : await measure(started.origin, target.path);
    const ratio = mock && mock.requestsPerSecond > 0 ? local.requestsPerSecond / mock.requestsPerSecond : undefined;
    if (ratio !== undefined) ratios.push(ratio);
    console.log(row([target.label, format(local.requestsPerSecond), mock ? format(mock.requestsPerSecond) : '-', ratio ? `${ratio.toFixed(1)}×` : '-', latency(local), latency(mock)]));
    for (const [name, result] of [['local', local], ['prism', mock]] as const) {
      if (result && result.ok !== result.completed) console.log(`  ${name}: ${result.completed - result.ok} of ${result.completed} answers were not 200: ${JSON.stringify(result.statuses)}`);
    }
  }
  if (ratios.length) {
    const worst = Math.min(...ratios);
    console.log(`\nTarget ≥ ${TARGET_RATIO}×: ${worst >= TARGET_RATIO ? 'met' : 'NOT met'} (lowest ratio ${worst.toFixed(1)}×).`);
  }
}

export default async function run(): Promise<void> {
  const built = await buildFromSources({ 'marketplace-worker': 'src-main/local-marketplace/worker.ts' }, ROOT);
  const workDir = mkdtempSync(join(tmpdir(), 'marketplace-bench-'));
  let marketplace: WorkerMarketplace | undefined;
  let prism: ChildProcess | undefined;
  // Prism runs in a process group of its own, so Ctrl+C on the bench would not reach it.
  const interrupted = () => {
    if (prism) stopProcessGroup(prism);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    marketplace = await startMarketplaceInWorker({ db: ':memory:', port: 0 }, { workerFile: join(built, 'marketplace-worker.js') });
    await compare(marketplace, workDir, (child) => (prism = child));
  } finally {
    process.off('SIGINT', interrupted);
    if (prism) stopProcessGroup(prism);
    await marketplace?.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  }
}
