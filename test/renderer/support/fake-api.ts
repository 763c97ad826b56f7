/**
 * One typed fake of `src-renderer/lib/api.ts` (the renderer's only door to main), built from the
 * channel and event contracts, so a test fakes main the way main behaves:
 *
 * - a channel answers only when the test says how (`api.answer`); anything else rejects with an
 *   error naming the channel, so a test never gets a silent `{}`;
 * - the input is parsed with the channel's input schema before the handler sees it (the handler
 *   gets what main's would), and the answer with its output schema before the renderer sees it: a
 *   renderer bug sending a bad input, or a fixture main could never send, fails the test. Because
 *   the renderer often catches errors to toast them, such a contract violation also fails the test
 *   in an `afterEach` this module registers, whatever the code under test did with the rejection;
 * - `api.emit` checks the payload against the event's schema and tells the `on` listeners.
 *
 * Use: `vi.mock` is hoisted above the imports, and its factory runs when `lib/api` is first
 * imported; the factory's `import` resolves from the test file, so the test and the mock share this
 * module's one instance (state modules can then be imported statically, no `await import`).
 *
 *   import { api, workOrder, workOrderPage } from './support/fake-api';
 *   vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
 *   beforeEach(() => api.reset());
 *   api.answer('workorders:list', ({ search }) => workOrderPage(search ? [] : [workOrder(10012)]));
 *   api.refuse('outbox:edit', 'IPC_INVALID_INPUT', 'Invalid input');
 *   api.emit('outbox:changed', { pending: 1, refused: 0 });
 *   expect(api.count('outbox:list')).toBe(0);
 *   expect(api.inputsOf('outbox:retry')).toEqual([{ entryId: entryId(2) }]);
 *
 * `api.desktop = true` is the Electron shell: `isDesktop()` answers true and `uploadFromDisk` goes
 * through the preload's own channel, `attachments:upload-file` (answer it like any other). A
 * singleton store (`outbox`, `cacheChanges`) subscribes through `on` when started: `api.reset()`
 * drops its listeners, so start it after the reset and stop it after the test.
 *
 * The builders below (`workOrder`, `workOrderPage`, `workOrderDetail`, `outboxEntry`, …) fill a
 * contract's required fields with plain defaults, so a fixture states only what its test is about.
 */
import { afterEach } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { WORK_ORDER_LIST_IDS } from '../../../src-shared/api/work-order-list';
import { AppError, type ErrorCode } from '../../../src-shared/errors';
import { channels, events, type WorkOrderDetail, type WorkOrderPage } from '../../../src-shared/ipc/channels';
import type {
  AttachmentTarget,
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
  PageChannelName,
  ParsedChannelInput,
} from '../../../src-shared/ipc/contract';
import type { ConnectivityStatus, OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import type * as RealApi from '../../../src-renderer/lib/api';

/** How a test answers a channel: from the input main's handler would get, what main would answer (or throw an `AppError`). */
export type Handler<C extends ChannelName> = (input: ParsedChannelInput<C>) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

type AnyHandler = (input: unknown) => unknown;
type Listener = (payload: unknown) => void;
type InvokeArguments<C extends PageChannelName> = undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

/** A call or an answer the contracts refuse: a bug in the renderer or in the test's fixture. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const describeIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

class FakeApi {
  /** Every call the renderer made, in order, with the input as it sent it. */
  readonly calls: [channel: ChannelName, input: unknown][] = [];
  /** Channels called with no answer set: each of those calls rejected. */
  readonly unanswered: ChannelName[] = [];
  /** Contract violations since the last reset; the afterEach below fails the test on the first. */
  readonly violations: ContractViolation[] = [];
  /** What `isDesktop()` answers: false is browser mode (the web bridge), true the preload's bridge. */
  desktop = false;
  readonly #handlers = new Map<ChannelName, AnyHandler>();
  readonly #listeners = new Map<EventName, Set<Listener>>();

  /** Answers a channel from now on (replacing an earlier answer). */
  answer<C extends ChannelName>(channel: C, handler: Handler<C>): this {
    this.#handlers.set(channel, handler as AnyHandler);
    return this;
  }

  /** Main's refusal of a channel, as `invoke` rethrows it: an `AppError` with its code. */
  refuse(channel: ChannelName, code: ErrorCode, message?: string): this {
    this.#handlers.set(channel, () => {
      throw new AppError(code, message);
    });
    return this;
  }

  /** Main pushes an event: its payload is checked against the contract, then every `on` listener hears it. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) throw new ContractViolation(`fake-api: the test emitted '${event}' with a payload its contract refuses: ${describeIssues(parsed.error.issues)}`);
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(parsed.data);
  }

  /** How many listeners follow an event now: what a state's stop must bring back to 0. */
  listenerCount(event: EventName): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  /** How many times the renderer called a channel. */
  count(channel: ChannelName): number {
    return this.calls.filter(([called]) => called === channel).length;
  }

  /** The inputs the renderer sent on one channel, oldest first. */
  inputsOf<C extends ChannelName>(channel: C): ChannelInput<C>[] {
    return this.calls.filter(([called]) => called === channel).map(([, input]) => input as ChannelInput<C>);
  }

  /** Forgets the calls made so far (answers and listeners stay): for counting what one step costs. */
  clearCalls(): void {
    this.calls.length = 0;
    this.unanswered.length = 0;
  }

  /** Back to nothing answered, nothing called, nobody listening, browser mode. */
  reset(): void {
    this.clearCalls();
    this.violations.length = 0;
    this.desktop = false;
    this.#handlers.clear();
    this.#listeners.clear();
  }

  /** What `invoke` does: the input checked, the answer found, the answer checked. */
  async call(channel: ChannelName, input: unknown): Promise<unknown> {
    this.calls.push([channel, input]);
    const contract = channels[channel];
    const parsedInput = contract.input.safeParse(input);
    if (!parsedInput.success) throw this.#violation(`'${channel}' was called with an input its contract refuses: ${describeIssues(parsedInput.error.issues)}`);
    const handler = this.#handlers.get(channel);
    if (!handler) {
      this.unanswered.push(channel);
      throw new Error(`fake-api: nothing answers '${channel}': the test must say how main answers it (api.answer('${channel}', …))`);
    }
    const answer = await handler(parsedInput.data);
    const parsedOutput = contract.output.safeParse(answer);
    if (!parsedOutput.success) throw this.#violation(`the answer to '${channel}' is not one main could send: ${describeIssues(parsedOutput.error.issues)}`);
    return parsedOutput.data;
  }

  /** What `on` does. */
  listen(event: EventName, listener: Listener): () => void {
    let listeners = this.#listeners.get(event);
    if (!listeners) this.#listeners.set(event, (listeners = new Set()));
    // Its own wrapper, so one function added twice is two listeners, each stopped by its own stop.
    const wrapper: Listener = (payload) => listener(payload);
    listeners.add(wrapper);
    return () => void listeners.delete(wrapper);
  }

  #violation(message: string): ContractViolation {
    const violation = new ContractViolation(`fake-api: ${message}`);
    this.violations.push(violation);
    return violation;
  }
}

/** The test's handle on the fake: answers, events, calls. */
export const api = new FakeApi();

// A violation fails the test that caused it even when the renderer swallowed the rejection (a toast).
afterEach(() => {
  const [first] = api.violations;
  if (first) {
    api.violations.length = 0;
    throw first;
  }
});

// ——— The module's exports, the same names and types as src-renderer/lib/api.ts ———

export async function invoke<C extends PageChannelName>(channel: C, ...[input]: InvokeArguments<C>): Promise<ChannelOutput<C>> {
  return (await api.call(channel, input)) as ChannelOutput<C>;
}

export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return api.listen(event, listener as Listener);
}

export function isDesktop(): boolean {
  return api.desktop;
}

/** Desktop: the preload's `attachments:upload-file` with the path it would find (answer that channel); browser mode: undefined. */
export function uploadFromDisk(file: File, target: AttachmentTarget): Promise<OutboxReceipt> | undefined {
  if (!api.desktop) return undefined;
  return api.call('attachments:upload-file', { ...target, path: `/fake-disk/${file.name}` }) as Promise<OutboxReceipt>;
}

export function connect(): void {}

// Fails to compile when lib/api.ts gains an export or changes a signature the fake does not follow.
export const fakeApiModule = { invoke, on, isDesktop, uploadFromDisk, connect } satisfies typeof RealApi;

// ——— Builders: a contract's required fields filled, the test's own on top ———

/** An outbox entry id (a uuid, as the contract wants), numbered for reading. */
export const entryId = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A write channel's answer: the entry queued, and the record's id when the write creates one. */
export const receipt = (n: number, id?: number): OutboxReceipt => ({ entryId: entryId(n), ...(id === undefined ? {} : { id }) });

/** A cached order: only an id and a title unless the test says more. */
export const workOrder = (id: number, patch: Partial<WorkOrder> = {}): WorkOrder => ({ id, title: `Order ${id}`, ...patch });

/** A `workorders:list` answer holding `results`: one page, nothing pending, refused or needing attention. */
export function workOrderPage(results: WorkOrder[], patch: Partial<WorkOrderPage> = {}): WorkOrderPage {
  const counts = Object.fromEntries(WORK_ORDER_LIST_IDS.map((id) => [id, 0])) as WorkOrderPage['counts'];
  return { results, total: results.length, page: 1, pages: 1, per_page: 50, counts, attentionCount: 0, deliverablesWaiting: 0, inboxUnread: 0, pending: [], refused: [], attention: {}, ...patch };
}

/** A `workorders:detail` answer: the order's full answer with no parts, never fetched, nothing in the outbox. */
export const workOrderDetail = (order: WorkOrder, patch: Partial<WorkOrderDetail> = {}): WorkOrderDetail => ({
  order,
  complete: true,
  folders: [],
  attachments: [],
  expenses: [],
  expenseSum: null,
  requests: [],
  partsFetchedAt: null,
  outbox: [],
  attention: [],
  ...patch,
});

/** An outbox entry numbered `n`: a publish of order 10000 + n, waiting its turn. */
export const outboxEntry = (n: number, patch: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: entryId(n),
  kind: 'workorders:publish',
  summary: `Change ${n}`,
  workOrderId: 10000 + n,
  state: 'waiting',
  attempts: 0,
  createdAt: 0,
  nextAttemptAt: null,
  notBefore: null,
  error: null,
  conflict: null,
  upload: null,
  input: { id: 10000 + n },
  ...patch,
});

/** Online, signed in, nothing waiting. */
export const connectivityStatus = (patch: Partial<ConnectivityStatus> = {}): ConnectivityStatus => ({ state: 'online', since: 0, pending: 0, refused: 0, signedIn: true, ...patch });
