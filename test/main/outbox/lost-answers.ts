import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST_API_BASE_PATH } from '../../../src-shared/api/common';
import type { LocalMarketplace } from '../../../src-main/environments/environment-manager';
import type { ListeningMarketplace } from '../../../src-main/local-marketplace/listen';

/** Hop-by-hop headers, which belong to each connection, not to the answer. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length'];

const forwardable = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

/**
 * A front for the marketplace that forwards every request and, for a share of the REST writes, lets
 * the marketplace act and then closes the connection without its answer: the failure after which
 * the app cannot know whether its change happened. The marketplace's own faults all strike before
 * it acts (a client that gives up during a delay leaves nothing behind), so they never test this.
 * A client that goes away ends the forwarded request too, as a proxy does.
 */
export function losingAnswers(share: number) {
  let writes = 0;
  let lost = 0;
  let active = true;

  async function front(market: ListeningMarketplace): Promise<LocalMarketplace> {
    const upstream = new URL(market.origin);
    const agent = new Agent({ keepAlive: true });
    const server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const forwarded = request({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: forwardable(incoming.headers), agent }, (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            const write = incoming.method !== 'GET' && (incoming.url ?? '').startsWith(REST_API_BASE_PATH);
            // Evenly spread and the same on every run, as the marketplace's `fraction` rules.
            if (write && active && Math.floor(++writes * share) > Math.floor((writes - 1) * share)) {
              lost += 1;
              incoming.socket.destroy();
              return;
            }
            const payload = Buffer.concat(body);
            outgoing.writeHead(answer.statusCode ?? 502, { ...forwardable(answer.headers), 'content-length': payload.length });
            outgoing.end(payload);
          });
        });
        forwarded.on('error', () => incoming.socket.destroy());
        outgoing.on('close', () => {
          if (!outgoing.writableFinished) forwarded.destroy();
        });
        forwarded.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const moved = (url: string) => url.replace(market.origin, origin);
    return {
      ...market,
      baseUrl: moved(market.baseUrl),
      authUrl: moved(market.authUrl),
      webhookUrl: moved(market.webhookUrl),
      async close() {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        agent.destroy();
        await market.close();
      },
    };
  }

  return {
    front,
    /** Answers lost so far. */
    lost: () => lost,
    /** From now on every answer goes through. */
    stop: () => {
      active = false;
    },
  };
}
