import WebSocket from 'ws';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import type { WebHostProcess } from './web-host-process';

/**
 * Calls the web host's IPC as the page does (the same socket, token and Origin), for what a test
 * needs besides the UI: where the embedded marketplace listens, a setting. One call per socket.
 */
export async function callHost<T>(host: WebHostProcess, channel: string, input?: unknown): Promise<T> {
  const socket = new WebSocket(`${host.origin.replace('http', 'ws')}/ipc?token=${host.token}`, { headers: { origin: host.origin } });
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return await new Promise<T>((resolve, reject) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; id?: number; result?: { ok: boolean; value?: T; error?: { code: string; message: string } } };
        if (frame.type !== 'result' || frame.id !== 1) return;
        if (frame.result?.ok) resolve(frame.result.value as T);
        else reject(new Error(`${channel}: ${frame.result?.error?.code} ${frame.result?.error?.message}`));
      });
      socket.send(JSON.stringify({ type: 'invoke', id: 1, channel, ...(input === undefined ? {} : { input }) }));
    });
  } finally {
    socket.close();
  }
}

// Keyed by the launch's own token, never by an address: a later web host or marketplace may be given
// a port an earlier one freed, and would be answered the earlier one's (gone) address and token.
const known = new Map<string, { baseUrl: string; authUrl: string; origin: string }>();
const tokens = new Map<string, string>();

/** The embedded local marketplace's REST base and origin, once the app has started it (it has after the first sign-in). */
export async function localMarketplace(host: WebHostProcess): Promise<{ baseUrl: string; authUrl: string; origin: string }> {
  const cached = known.get(host.token);
  if (cached) return cached;
  const environments = await callHost<{ id: string; urls: { baseUrl: string; authUrl: string } | null }[]>(host, 'environments:list');
  const urls = environments.find((environment) => environment.id === 'local')?.urls;
  if (!urls) throw new Error('the local marketplace is not running');
  const found = { ...urls, origin: new URL(urls.baseUrl).origin };
  known.set(host.token, found);
  return found;
}

/** A token of the test's own, one per marketplace: a sign-in per poll would load the marketplace the app waits on. */
async function testToken(host: WebHostProcess, authUrl: string): Promise<string> {
  const cached = tokens.get(host.token);
  if (cached) return cached;
  const tokenAnswer = await fetch(`${authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: DEMO_CREDENTIALS.clientId,
      client_secret: DEMO_CREDENTIALS.clientSecret,
      username: DEMO_CREDENTIALS.username,
      password: DEMO_CREDENTIALS.password,
    }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  tokens.set(host.token, token);
  return token;
}

/** A REST call on the local marketplace as the demo company, with a token of its own. */
export async function marketplaceRest<T>(host: WebHostProcess, method: string, path: string, body?: unknown): Promise<T> {
  const { baseUrl, authUrl } = await localMarketplace(host);
  const token = await testToken(host, authUrl);
  const answer = await fetch(`${baseUrl}/${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return (await answer.json()) as T;
}

/**
 * What the app's outbox holds and how it sees the network, for a test's message when a change did
 * not land in time: which change waits, in what state, due when, after which error.
 */
export async function outboxReport(host: WebHostProcess): Promise<string> {
  try {
    const [{ entries }, connectivity] = await Promise.all([
      callHost<{ entries: { summary: string; state: string; attempts: number; nextAttemptAt: number | null; notBefore: number | null; error?: { code: string } | null }[] }>(host, 'outbox:list'),
      callHost<unknown>(host, 'connectivity:status'),
    ]);
    const now = Date.now();
    const waiting = entries.map(({ summary, state, attempts, nextAttemptAt, notBefore, error }) => ({
      summary, state, attempts, dueInMs: nextAttemptAt === null ? null : nextAttemptAt - now, notBeforeInMs: notBefore === null ? null : notBefore - now, error: error?.code ?? null,
    }));
    return `outbox: ${JSON.stringify(waiting)}; connectivity: ${JSON.stringify(connectivity)}`;
  } catch (error) {
    return `outbox: not read (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** The wait for a change to land; when it fails, its message says what the outbox holds. */
export function explainedByOutbox<T>(host: WebHostProcess, waiting: Promise<T>): Promise<T> {
  return waiting.catch(async (error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; ${await outboxReport(host)}`);
  });
}
