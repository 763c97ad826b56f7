// The load generator, in a thread of its own so that it never shares an event loop with the
// server it measures. Plain JavaScript: a worker thread cannot load TypeScript.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

/** @type {{ origin: string; path: string; requests: number; seconds: number; rounds: number; concurrency: number; warmup: number }} */
const { origin, path, requests, seconds, rounds, concurrency, warmup } = workerData;

const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });

async function once() {
  const started = performance.now();
  try {
    const { statusCode, body } = await pool.request({ path, method: 'GET' });
    // Read the whole answer: a client that drops bodies measures nothing real.
    await body.arrayBuffer();
    return { ok: statusCode === 200, status: statusCode, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, status: error.code ?? 'error', ms: performance.now() - started };
  }
}

async function run(count, deadline, record) {
  let sent = 0;
  const lane = async () => {
    while (sent < count && performance.now() < deadline) {
      sent += 1;
      record(await once());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/** One timed round: up to `requests` requests or `seconds`, whichever ends first. */
async function round() {
  const latencies = [];
  const statuses = {};
  let ok = 0;
  const started = performance.now();
  await run(requests, started + seconds * 1000, (result) => {
    latencies.push(result.ms);
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    if (result.ok) ok += 1;
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { completed: latencies.length, ok, statuses, elapsedSeconds, requestsPerSecond: ok / elapsedSeconds, p50: percentile(50), p99: percentile(99) };
}

await run(warmup, performance.now() + seconds * 1000, () => undefined);
// The median of a few rounds: one round on a busy machine can be hit by anything else running.
const results = [];
for (let index = 0; index < rounds; index += 1) results.push(await round());
await pool.close();
results.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
parentPort.postMessage(results[Math.floor(results.length / 2)]);
