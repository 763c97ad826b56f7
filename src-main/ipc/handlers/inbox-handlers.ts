import type { CacheDatabase } from '../../db/database';
import { inboxRepository } from '../../db/inbox-repository';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** The Inbox, from the active environment's cache only; read and unread are this machine's. */
export function inboxHandlers(use: UseWorkspace<{ db: CacheDatabase }>): Pick<Handlers, 'inbox:list' | 'inbox:mark-read'> {
  return {
    'inbox:list': (input) => use(({ db }) => inboxRepository(db).list(input)),
    'inbox:mark-read': (input) => use(({ db }) => inboxRepository(db).mark(input)),
  };
}
