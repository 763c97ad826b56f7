import { parseArgs } from 'node:util';
import { createLogger } from '../platform/logger';
import { HostNameSchema } from '../platform/loopback-hosts';
import { listenMarketplace, configOf, type MarketplaceConfig } from './listen';

const USAGE = `Usage: npm run marketplace -- [--port N] [--db FILE] [--environment sandbox|production] [--no-seed] [--allow-host NAME]... [--print-config]

  --port N          port on 127.0.0.1 (default 0: a free port)
  --db FILE         SQLite file that keeps the data between runs (default: in memory)
  --environment E   sandbox (default) or production: decides the webhook service path
  --no-seed         do not seed the demo company into an empty database
  --allow-host NAME answer requests for this host name too (repeatable); only 127.0.0.1,
                    localhost and [::1] otherwise, against DNS rebinding
  --print-config    print the URLs and credentials as one line of JSON instead of text`;

interface CliArguments {
  port: number;
  db: string;
  environment: 'sandbox' | 'production';
  seed: 'demo' | 'none';
  allowedHosts: string[];
  printConfig: boolean;
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readArguments(): CliArguments | undefined {
  let values: { port?: string; db?: string; environment?: string; 'no-seed'?: boolean; 'allow-host'?: string[]; 'print-config'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        db: { type: 'string' },
        environment: { type: 'string' },
        'no-seed': { type: 'boolean' },
        'allow-host': { type: 'string', multiple: true },
        'print-config': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  const port = Number(values.port ?? 0);
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535) fail('--port must be a whole number from 0 to 65535.');
  const environment = values.environment ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production') fail('--environment must be sandbox or production.');
  if (values.db === '') fail('--db needs a file name.');
  const allowedHosts = (values['allow-host'] ?? []).map((name) => {
    const parsed = HostNameSchema.safeParse(name);
    return parsed.success ? parsed.data : fail(`--allow-host takes a host name without scheme or port (not "${name}").`);
  });
  return { port, db: values.db ?? ':memory:', environment, seed: values['no-seed'] ? 'none' : 'demo', allowedHosts, printConfig: values['print-config'] ?? false };
}

function describeConfig(config: MarketplaceConfig, db: string): string {
  const { credentials } = config;
  const lines = [
    `Local marketplace (${config.environment}) is listening on ${config.origin}`,
    `  Base URL:     ${config.baseUrl}`,
    `  Auth URL:     ${config.authUrl}`,
    `  Webhook URL:  ${config.webhookUrl}`,
    `  Control:      ${config.origin}/__local/  (OpenAPI document: ${config.origin}/__local/openapi.json)`,
    `  Database:     ${db === ':memory:' ? 'in memory (gone when it stops)' : db}`,
    '',
    config.seeded ? 'Demo credentials:' : 'Demo credentials (the database is empty: POST /__local/seed adds the demo company):',
    `  client_id:      ${credentials.clientId}`,
    `  client_secret:  ${credentials.clientSecret}`,
    `  username:       ${credentials.username}`,
    `  password:       ${credentials.password}`,
    `  svc-token:      ${credentials.svcToken}`,
    `  company_id:     ${credentials.companyId}`,
    '',
    'Ctrl+C stops it.',
  ];
  return lines.join('\n');
}

/** `npm run marketplace`: the standalone server that integrators and tests point any client at. */
async function main(): Promise<void> {
  const cli = readArguments();
  if (!cli) return;
  const logger = createLogger({ echo: true, level: 'warn' });
  const listening = await listenMarketplace({ port: cli.port, db: cli.db, environment: cli.environment, seed: cli.seed, allowedHosts: cli.allowedHosts }, logger);
  const config = configOf(listening);
  console.log(cli.printConfig ? JSON.stringify(config) : describeConfig(config, cli.db));

  let stopping = false;
  const stop = async () => {
    // A second Ctrl+C while closing must not start a second close.
    if (stopping) return;
    stopping = true;
    await listening.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`The local marketplace could not start: ${(error as Error).message}`);
  process.exit(1);
});
