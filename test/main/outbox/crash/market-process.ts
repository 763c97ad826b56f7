import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TOKEN_PATH } from '../../../../src-shared/api/token';
import type { MarketplaceConfig } from '../../../../src-main/local-marketplace/listen';

const START_DEADLINE_MS = 30_000;

/**
 * The standalone local marketplace (the CLI, as built) in a process of its own, on a file
 * database: it outlives every app process the test kills, as a real marketplace would.
 */
export class MarketProcess {
  #token: string | undefined;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly config: MarketplaceConfig,
    private readonly exited: Promise<number | null>,
  ) {}

  static async start(bundle: string, db: string): Promise<MarketProcess> {
    const child = spawn(process.execPath, [join(bundle, 'marketplace.js'), '--port', '0', '--db', db, '--print-config']);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const config = await new Promise<MarketplaceConfig>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the marketplace did not start in time:\n${output}`)), START_DEADLINE_MS);
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.startsWith('{') && candidate.endsWith('}'));
        if (!line) return;
        clearTimeout(timer);
        resolve(JSON.parse(line) as MarketplaceConfig);
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the marketplace exited (${code}) before it printed its config:\n${output}`));
      });
    });
    return new MarketProcess(child, config, exited);
  }

  /** GET below the REST API's base URL, as the demo user. */
  async get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const url = new URL(`${this.config.baseUrl}${path}`);
      for (const [key, value] of Object.entries({ ...query, access_token: await this.#accessToken() })) url.searchParams.set(key, String(value));
      const answer = await fetch(url);
      // The demo user's tokens live an hour of marketplace time; a 401 means sign in again, once.
      if (answer.status === 401 && attempt === 0) {
        this.#token = undefined;
        continue;
      }
      if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    }
  }

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }

  async #accessToken(): Promise<string> {
    if (this.#token) return this.#token;
    const { clientId, clientSecret, username, password } = this.config.credentials;
    const answer = await fetch(`${this.config.authUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password }),
    });
    if (!answer.ok) throw new Error(`the password grant answered ${answer.status}`);
    this.#token = ((await answer.json()) as { access_token: string }).access_token;
    return this.#token;
  }
}
