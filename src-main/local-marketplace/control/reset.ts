import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MarketplaceContext } from '../context';
import { removeAllAttachmentFiles } from '../domain/attachments-storage';
import { faultControls } from '../faults/state';
import { invalidInput } from '../http/errors';
import { route, type RouteRegistry } from '../http/route';
import { isEmpty, seedDemo } from '../seed/index';
import { migrate } from '../store/migrations/index';

const SeedChoiceSchema = z.enum(['demo', 'none']);

const ResetBodySchema = z.strictObject({
  /** What to put back: the server's own start-up choice when absent. */
  seed: SeedChoiceSchema.optional(),
});

const SeedBodySchema = z.strictObject({});

const StateSchema = z.object({ seeded: z.boolean() });

/**
 * Empties the database in place (the handle is shared by the clock and the scheduler, so it is not
 * reopened): drops every table, then runs the migrations from the first, as on a new file.
 */
function emptyDatabase(context: MarketplaceContext): void {
  const { db } = context;
  // Tables go in any order; foreign keys would refuse some orders. The pragma is a no-op inside
  // a transaction, so it wraps it.
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      const objects = () =>
        db.prepare(`SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'`).all() as {
          type: string;
          name: string;
          sql: string | null;
        }[];
      const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
      for (const view of objects().filter((object) => object.type === 'view')) db.exec(`DROP VIEW ${quoted(view.name)}`);
      // Virtual tables (full-text search) first: dropping one drops its shadow tables with it.
      for (const table of objects().filter((object) => /^CREATE VIRTUAL/i.test(object.sql ?? ''))) db.exec(`DROP TABLE ${quoted(table.name)}`);
      for (const table of objects()) db.exec(`DROP TABLE ${quoted(table.name)}`);
      db.pragma('user_version = 0');
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  migrate(db);
  // Files belong to rows that are gone now.
  removeAllAttachmentFiles(context);
  // A reset gives a clean server: no fault left armed by an earlier test.
  faultControls(context).rules.clear();
  context.clock.reset();
}

export function registerResetRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  route(
    app,
    registry,
    {
      method: 'POST',
      url: '/reset',
      summary: 'Empty everything (data, tokens, clock offset), then seed as asked',
      tag: 'Local control plane',
      body: ResetBodySchema,
      response: StateSchema,
      handler: ({ body }) => {
        emptyDatabase(context);
        const seed = body.seed ?? context.options.seed;
        if (seed === 'demo') seedDemo(context);
        return { seeded: seed === 'demo' };
      },
    },
    { authenticated: false },
  );

  route(
    app,
    registry,
    {
      method: 'POST',
      url: '/seed',
      summary: 'Seed the demo company into an empty database',
      tag: 'Local control plane',
      body: SeedBodySchema,
      response: StateSchema,
      handler: () => {
        if (!isEmpty(context)) throw invalidInput('The database is not empty: POST /__local/reset with {"seed":"demo"} replaces it');
        seedDemo(context);
        return { seeded: true };
      },
    },
    { authenticated: false },
  );
}
