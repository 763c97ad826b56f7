import { formatMoment, formatMomentRange } from '../../src-shared/domain/moments';
import { overlaps, type Span } from '../../src-shared/domain/time-on-site';
import type { BoardBlock, BoardProvider } from '../../src-shared/ipc/dispatch';
import { group } from './board-rows';

/**
 * What a drop would run into, in the coordinator's words: another order of that provider at the
 * same time, time the provider is booked on the marketplace (other companies' work, from their
 * schedule as last checked), or a start already past. Shown on the board and asked about before
 * anything is queued.
 */
export function conflictsOf(span: Span, provider: BoardProvider, blocks: readonly BoardBlock[], movingId: number, now: number, zone: string): string[] {
  const found = blocks
    .filter((block) => block.providerId === provider.id && block.id !== movingId && overlaps(span, block))
    .map((block) => `${provider.name} already has #${block.id} ${block.title} (${formatMomentRange(block.start, block.end, zone)}).`);
  for (const booked of provider.busy.filter((candidate) => overlaps(span, candidate))) {
    found.push(`${provider.name} is booked elsewhere ${formatMomentRange(booked.start, booked.end, zone)}, by their marketplace schedule.`);
  }
  if (span.start < now) found.push('This starts in the past.');
  return found;
}

/**
 * A tray order dropped at a time its own window does not hold: assigning or routing keeps the
 * order's time, so the coordinator is told rather than left to think it moved.
 */
export function outsideWindow(at: number | undefined, order: Span & { id: number }, zone: string): string | undefined {
  if (at === undefined || (at >= order.start && at < order.end)) return undefined;
  return `Dropped at ${formatMoment(at, zone)}, outside #${order.id}'s own time (${formatMomentRange(order.start, order.end, zone)}); it keeps that time.`;
}

/** The blocks of each provider that overlap another of theirs: marked on the board before anyone drops. */
export function overlappingIds(blocks: readonly BoardBlock[]): Set<number> {
  const ids = new Set<number>();
  for (const own of group(blocks).values()) {
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
