import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, UNDOABLE_ACTIONS } from '../../../src-shared/domain/action-labels';
import { WRITE_CHANNEL_NAMES, type WriteChannelName } from '../../../src-shared/ipc/write-channels';
import type { Operation } from '../../../src-main/outbox/operation';
import { type OperationTable, operationOf } from '../../../src-main/outbox/operations/index';

// The table of operations is checked by the compiler (`npm run typecheck` covers this file): the
// `@ts-expect-error` lines fail the type check the day the table stops catching these mistakes.

/** Never called: it only has to compile, with the two mistakes refused. */
export function mistakes(publish: Operation<'workorders:publish'>, table: OperationTable): OperationTable[] {
  // @ts-expect-error: a table without an operation for every write channel does not compile.
  const missing: OperationTable = { 'workorders:publish': publish };
  // @ts-expect-error: an operation for another channel's input does not compile in its place.
  const mistyped: OperationTable = { ...table, 'workorders:assign': publish };
  return [missing, mistyped];
}

describe('the operations table', () => {
  it('has an operation for every write channel, each of its own kind', () => {
    for (const kind of WRITE_CHANNEL_NAMES) expect(operationOf(kind).kind).toBe(kind);
  });

  it('holds for the undo window exactly the actions every screen offers Undo for', () => {
    for (const action of Object.keys(ACTION_LABELS) as (keyof typeof ACTION_LABELS)[]) {
      const kind = `workorders:${action}` as WriteChannelName;
      expect(operationOf(kind).undoable ?? false, kind).toBe(UNDOABLE_ACTIONS.has(action));
    }
  });
});
