import type { Logger } from '../platform/logger';
import { BackgroundWork } from './background-work';
import { Clock } from './clock';
import { DomainEvents } from './domain-events';
import { RouteRegistry } from './http/route';
import type { MarketplaceOptions } from './options';
import { Scheduler } from './scheduler';
import type { MarketplaceDatabase } from './store/database';

/** Everything a route or service of the marketplace needs, built once per server. */
export interface MarketplaceContext {
  db: MarketplaceDatabase;
  clock: Clock;
  scheduler: Scheduler;
  events: DomainEvents;
  routes: RouteRegistry;
  options: MarketplaceOptions;
  logger: Logger;
  /** `async=true` calls and auto-dispatch, finished after the answer. */
  background: BackgroundWork;
  /** `http://127.0.0.1:PORT` once listening; links (hrefs, downloads) are built from it. */
  origin: string;
}

export function createContext(db: MarketplaceDatabase, options: MarketplaceOptions, logger: Logger): MarketplaceContext {
  const clock = new Clock(db);
  return {
    db,
    clock,
    scheduler: new Scheduler(db, clock, (error, kind) => logger.error('marketplace: scheduled job failed', { kind, error })),
    events: new DomainEvents(),
    routes: new RouteRegistry(),
    options,
    logger,
    origin: 'http://127.0.0.1',
    background: new BackgroundWork({ db, clock, logger, options }),
  };
}
