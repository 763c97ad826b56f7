import { formatMomentRange } from '../../src-shared/domain/moments';
import { overlaps, type Span } from '../../src-shared/domain/time-on-site';
import type { BoardBlock, BoardProvider } from '../../src-shared/ipc/dispatch';

/**
 * What a drop would run into, in the coordinator's words: another order of that provider at the
 * same time, or a start already past. Shown on the board and asked about before anything is queued.
 */
export function conflictsOf(span: Span, provider: BoardProvider, blocks: readonly BoardBlock[], movingId: number, now: number, zone: string): string[] {
  const found = blocks
    .filter((block) => block.providerId === provider.id && block.id !== movingId && overlaps(span, block))
    .map((block) => `${provider.name} already has #${block.id} ${block.title} (${formatMomentRange(block.start, block.end, zone)}).`);
  if (span.start < now) found.push('This starts in the past.');
  return found;
}

/** The blocks of each provider that overlap another of theirs: marked on the board before anyone drops. */
export function overlappingIds(blocks: readonly BoardBlock[]): Set<number> {
  const ids = new Set<number>();
  const byProvider = new Map<number, BoardBlock[]>();
  for (const block of blocks) byProvider.set(block.providerId, [...(byProvider.get(block.providerId) ?? []), block]);
  for (const own of byProvider.values()) {
    const sorted = [...own].sort((first, second) => first.start - second.start);
    let reach: BoardBlock | undefined;
    for (const block of sorted) {
      if (reach && block.start < reach.end) {
        ids.add(block.id);
        ids.add(reach.id);
      }
      if (!reach || block.end > reach.end) reach = block;
    }
  }
  return ids;
}
