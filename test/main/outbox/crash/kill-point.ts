import type { AppChild } from './app-child';

/**
 * Where a round's SIGKILL lands, drawn from the seeded generator: the experiment's input, not a wait
 * for a condition.
 * - `delay`: this many ms after the app said it is ready (0 included: during launch and recovery,
 *   while the first requests of the resumed outbox are on the wire);
 * - `progress`: right after the app reported its `count`-th `outbox:changed` (an enqueue, an
 *   applied entry or a retry: each one is a committed transaction), then `jitterMs` more, so the
 *   kill falls between that commit and the next, or inside the next send or upload.
 */
export type KillPoint = { kind: 'delay'; ms: number } | { kind: 'progress'; count: number; jitterMs: number };

/**
 * A relaunched app sends its first request some 150 ms after it is ready (it connects and signs
 * in), then applies a write every 15–20 ms: delays reach about as far as a round's writes take to
 * drain, so most kills land while they do, and a few before anything was sent.
 */
const delayRangeMs = (budget: number) => 150 + 30 * budget;

export function drawKillPoint(random: () => number, budget: number): KillPoint {
  if (random() < 0.5) return { kind: 'delay', ms: Math.floor(random() * delayRangeMs(budget)) };
  // Each write is announced twice (queued, applied), so the round's last announcement comes after the kill.
  return { kind: 'progress', count: 1 + Math.floor(random() * 1.8 * budget), jitterMs: Math.floor(random() * 4) };
}

export const describeKillPoint = (point: KillPoint): string => (point.kind === 'delay' ? `${point.ms} ms` : `event ${point.count} + ${point.jitterMs} ms`);

/** Resolves at the kill point; rejects with ProcessGone only if the process died first (it never should). */
export function reachKillPoint(child: AppChild, point: KillPoint): Promise<void> {
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  if (point.kind === 'delay') return wait(point.ms);
  return child.until(() => child.outboxEvents.length >= point.count, `outbox event ${point.count}`, 120_000).then(() => wait(point.jitterMs));
}
