import type { BoardBlock } from '../../src-shared/ipc/dispatch';

// The board's rows as drawn: the answer's blocks grouped by provider once per read, and the moves
// queued since laid over them without touching the rows they leave alone (a row that keeps its
// array is not drawn again, so a drop costs two rows, not the week).

/** A block drawn where a queued move put it, until a read of the cache shows it there. */
export interface Moved {
  providerId: number;
  start: number;
  end: number;
  /** The read under way when it was placed: only a later read can already show it. */
  since: number;
}

/** The answer's blocks by id. */
export function indexById(blocks: readonly BoardBlock[]): Map<number, BoardBlock> {
  return new Map(blocks.map((block) => [block.id, block]));
}

export function placed(block: BoardBlock, moved: Moved | undefined): BoardBlock {
  return moved ? { ...block, providerId: moved.providerId, start: moved.start, end: moved.end, pending: true } : block;
}

/** The answer's rows with the queued moves applied: the rows a move leaves or enters are new arrays, the rest the answer's own. */
export function withMoves(answered: ReadonlyMap<number, BoardBlock[]>, byId: ReadonlyMap<number, BoardBlock>, moved: Readonly<Record<number, Moved>>): Map<number, BoardBlock[]> {
  const entries = Object.entries(moved);
  if (entries.length === 0) return answered as Map<number, BoardBlock[]>;
  const rows = new Map(answered);
  const touched = new Set<number>();
  for (const [key, move] of entries) {
    const block = byId.get(Number(key));
    if (!block) continue;
    rows.set(block.providerId, (rows.get(block.providerId) ?? []).filter((candidate) => candidate.id !== block.id));
    rows.set(move.providerId, [...(rows.get(move.providerId) ?? []), placed(block, move)]);
    touched.add(move.providerId);
  }
  for (const id of touched) rows.get(id)?.sort((first, second) => first.start - second.start);
  return rows;
}

export function group(blocks: readonly BoardBlock[]): Map<number, BoardBlock[]> {
  const map = new Map<number, BoardBlock[]>();
  for (const block of blocks) {
    const own = map.get(block.providerId);
    if (own) own.push(block);
    else map.set(block.providerId, [block]);
  }
  return map;
}

