import { REFERENCE_KINDS } from '../../src-shared/ipc/channels';
import type { Dispatch, Sender } from '../ipc/dispatcher';

/**
 * What a window asks first (the shell's stores, the reference lists, the navigation's counts), as
 * the renderer asks it. Answered once at launch, through the dispatcher as any call, so by the time
 * the window asks, the cache is open, the counts are kept and each answer's schema has been used
 * once (a schema's first parse is its slowest).
 */
const FIRST_CALLS: readonly (readonly [channel: string, input?: unknown])[] = [
  ['settings:get'],
  ['app:info'],
  ['outbox:list'],
  ['connectivity:status'],
  ['sync:status'],
  ['clients:list'],
  ['projects:list', {}],
  ['managers:list'],
  ...REFERENCE_KINDS.map((kind) => ['reference:get', { kind }] as const),
  ['workorders:list', { per_page: 1 }],
];

/** Main's own calls: never a window's, so never anything a window may not ask. */
const LAUNCH: Sender = { transport: 'electron', url: 'field-desk:launch' };

/** Answers the first calls one after the other (each yields between), and says whether each was answered. */
export async function warmUp(dispatch: Dispatch): Promise<boolean[]> {
  const answered: boolean[] = [];
  for (const [channel, input] of FIRST_CALLS) answered.push((await dispatch(channel, input, LAUNCH)).ok);
  return answered;
}
