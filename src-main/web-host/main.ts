import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../app/create-app';
import { resolveDataDir } from '../platform/paths';
import { startWebHost } from './server';

const USAGE = 'Usage: npm run web -- [--port N] [--data-dir DIR]';

/** Browser mode's entry: `npm start` runs it when Electron cannot, e2e tests run it on port 0. */
async function main(): Promise<void> {
  let values: { port?: string; 'data-dir'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port ?? process.env.FIELD_DESK_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535.\n${USAGE}`);
    process.exit(2);
  }

  const dataDir = resolveDataDir(values['data-dir']);
  const app = createApp({ dataDir, host: 'web' });
  app.warmUp();
  const host = await startWebHost({ app, rendererDir: join(__dirname, '..', 'renderer'), port });
  console.log(`Field Desk is running in browser mode. Open: ${host.url}`);
  console.log(`Data and logs: ${dataDir}`);

  const stop = async () => {
    try {
      await host.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      console.error(`Field Desk did not close cleanly: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Field Desk could not start: ${(error as Error).message}`);
  process.exit(1);
});
