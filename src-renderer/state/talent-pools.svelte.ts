import { SvelteSet } from 'svelte/reactivity';
import type { TalentPoolAttribute } from '../../src-shared/api/talent-pool';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { routedProviders } from '../../src-shared/domain/work-order-people';
import { allowsAction } from '../../src-shared/domain/work-order-rules';
import { AppError } from '../../src-shared/errors';
import type { ProviderHistory, TalentPoolMember, TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { writeChannels } from '../../src-shared/ipc/write-channels';
import { issueMessage } from '../lib/form-issues';
import * as service from '../services/talent-pools';
import { orderActions } from './order-actions.svelte';
import { toasts } from './toasts.svelte';

const messageOf = (error: unknown, fallback: string) => (error instanceof AppError ? error.message : fallback);

/** "Ana Ruiz", or "Provider 3001" when the profile has no name. */
export function memberName(provider: { id: number; first_name?: string | null; last_name?: string | null }): string {
  return [provider.first_name, provider.last_name].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ') || `Provider ${provider.id}`;
}

/** "POS Specialists", or "Pool 811" when the service gave it no name. */
export const poolName = (pool: Pick<TalentPoolSummary, 'id' | 'name'>): string => pool.name ?? `Pool ${pool.id}`;

// ——— Validation: the set-attributes channel's own schema, nothing of the renderer's ———

const SetAttributesInput = writeChannels['talent-pools:set-attributes'].input;

export interface AttributeProblems {
  name?: string;
  value?: string;
}

/**
 * Checks one attribute as `talent-pools:set-attributes` will, beside the provider's other attributes
 * (names are unique per provider). Answers the name and value to queue (trimmed as the schema
 * trims), or the problems by field.
 */
export function checkAttribute(
  member: service.MemberRef,
  others: readonly { name: string; value: string }[],
  name: string,
  value: string,
): { ok: true; name: string; value: string } | { ok: false; problems: AttributeProblems } {
  const attributes = [...others.map((other) => ({ name: other.name, value: other.value })), { name, value }];
  const parsed = SetAttributesInput.safeParse({ ...member, attributes });
  const last = attributes.length - 1;
  // Only this attribute's issues and the list's own (unique names): the others are the marketplace's.
  const issues = parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === 'attributes' && (issue.path.length === 1 || issue.path[1] === last));
  if (issues.length === 0) {
    const ownOnly = SetAttributesInput.safeParse({ ...member, attributes: [{ name, value }] });
    const mine = ownOnly.success ? ownOnly.data.attributes[0] : undefined;
    return { ok: true, name: mine?.name ?? name.trim(), value: mine?.value ?? value };
  }
  const problems: AttributeProblems = {};
  for (const issue of issues) {
    const field = issue.path[2] === 'value' ? 'value' : 'name';
    problems[field] ??= issueMessage(issue);
  }
  return { ok: false, problems };
}

// ——— What the screen shows of each attribute: the cache, changes sent, changes waiting ———

export type AttributeStatus = 'saved' | 'sent' | 'pending' | 'removing' | 'refused';

export interface AttributeRow {
  /** Stable across renders: the attribute's id, or its name while only the outbox knows it. */
  key: string;
  /** The marketplace's id; absent for one created by a change not yet read back from the marketplace. */
  id?: string;
  name: string;
  value: string;
  status: AttributeStatus;
  /** The cache's value, when a waiting change replaces it. */
  before?: string;
  /** The outbox entry the status is about (waiting or refused). */
  entry?: OutboxEntry;
  /** Why the marketplace refused the change. */
  problem?: string;
  /** The value a refused change tried to set. */
  tried?: string;
}

/** A change that left the outbox while this screen followed it (sent), until the cache agrees. */
export interface SentChange {
  poolId: number;
  providerId: number;
  set?: { name: string; value: string };
  deleteId?: string;
}

interface SetInput {
  poolId: number;
  providerId: number;
  attributes: { name: string; value: string }[];
}
interface DeleteInput {
  poolId: number;
  providerId: number;
  attributeId: string;
}

const inputOf = (entry: OutboxEntry) => entry.input as Partial<SetInput & DeleteInput> | null;
const belongsTo = (poolId: number, providerId: number) => (entry: { poolId?: number; providerId?: number } | null) => entry?.poolId === poolId && entry.providerId === providerId;

/**
 * One member's attributes as the coordinator should see them: the cache's, with changes the
 * marketplace took since (the cache holds them after the next pull), then each change waiting in
 * the outbox in order (pending, removing), and refusals beside the value they did not change.
 */
export function attributeRows(
  cached: readonly TalentPoolAttribute[],
  entries: readonly OutboxEntry[],
  sent: readonly SentChange[],
  member: service.MemberRef,
): AttributeRow[] {
  const mine = belongsTo(member.poolId, member.providerId);
  // By name, without a prototype: an attribute may be called anything, "constructor" too.
  const byName: Record<string, AttributeRow> = Object.create(null) as Record<string, AttributeRow>;
  for (const attribute of cached) byName[attribute.name] = { key: attribute.id, id: attribute.id, name: attribute.name, value: attribute.value ?? '', status: 'saved' };
  const findId = (id: string | undefined) => Object.values(byName).find((row) => row.id !== undefined && row.id === id);

  for (const change of sent.filter(mine)) {
    if (change.set) {
      const row = byName[change.set.name];
      if (row) Object.assign(row, { value: change.set.value, status: 'sent' });
      else byName[change.set.name] = { key: `new:${change.set.name}`, name: change.set.name, value: change.set.value, status: 'sent' };
    } else {
      const row = findId(change.deleteId);
      if (row) delete byName[row.name];
    }
  }

  for (const entry of entries) {
    const input = inputOf(entry);
    if (!mine(input)) continue;
    const refused = entry.state === 'refused';
    if (entry.kind === 'talent-pools:set-attributes') {
      for (const { name, value } of input?.attributes ?? []) {
        const row = byName[name];
        if (refused) {
          // The attempted value stays beside a saved one; a refused new one shows what was tried.
          if (row) Object.assign(row, { status: 'refused', entry, problem: entry.error?.message, tried: value });
          else byName[name] = { key: `new:${name}`, name, value, status: 'refused', entry, problem: entry.error?.message, tried: value };
          continue;
        }
        if (row) Object.assign(row, { before: row.status === 'pending' ? row.before : row.value, value, status: 'pending', entry, problem: undefined });
        else byName[name] = { key: `new:${name}`, name, value, status: 'pending', entry };
      }
    } else {
      const row = findId(input?.attributeId);
      if (row) Object.assign(row, refused ? { status: 'refused', entry, problem: entry.error?.message } : { status: 'removing', entry, problem: undefined });
    }
  }
  return Object.values(byName).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Attribute changes the marketplace took while the screen was open. The cache learns them only at
 * the next directory pull, so until then the screen shows them from here (for the session).
 */
class SentChanges {
  list = $state.raw<SentChange[]>([]);

  add(change: SentChange): void {
    this.list = [...this.list, change];
  }

  /** Drops what the pool's cache now agrees with. */
  settle(poolId: number, members: readonly TalentPoolMember[]): void {
    const agrees = (change: SentChange) => {
      if (change.poolId !== poolId) return false;
      const member = members.find((candidate) => candidate.provider.id === change.providerId);
      if (!member) return true;
      if (change.set) return member.attributes.some((attribute) => attribute.name === change.set?.name && (attribute.value ?? '') === change.set.value);
      return !member.attributes.some((attribute) => attribute.id === change.deleteId);
    };
    const kept = this.list.filter((change) => !agrees(change));
    if (kept.length !== this.list.length) this.list = kept;
  }

  clear(): void {
    this.list = [];
  }
}

export const sentChanges = new SentChanges();

/** The change an entry carries, as it will read once sent; nothing when it is not an attribute change. */
function changesOf(kind: string, input: Partial<SetInput & DeleteInput> | null): SentChange[] {
  if (typeof input?.poolId !== 'number' || typeof input.providerId !== 'number') return [];
  const member = { poolId: input.poolId, providerId: input.providerId };
  if (kind === 'talent-pools:delete-attribute') return input.attributeId ? [{ ...member, deleteId: input.attributeId }] : [];
  return (input.attributes ?? []).map((set) => ({ ...member, set }));
}

/** An outbox entry the screen follows until it leaves the outbox. */
interface Followed {
  changes: SentChange[];
  /** Refused when last seen: only a discard takes those away. */
  refused: boolean;
  /** The outbox read that began last before the screen knew of it: an older read cannot say it left. */
  since: number;
}

export interface PoolGroup {
  id: number;
  name: string;
  pools: TalentPoolSummary[];
}

/**
 * The Talent pools screen: groups and pools (from the cache), the chosen pool's providers with
 * their history, and their attributes edited through the outbox. Started by the screen on mount.
 */
export class TalentPoolsState {
  pools = $state.raw<TalentPoolSummary[]>([]);
  loaded = $state(false);
  error = $state<string | undefined>();
  selectedId = $state<number | undefined>();
  members = $state.raw<TalentPoolMember[]>([]);
  membersLoaded = $state(false);
  membersError = $state<string | undefined>();
  histories = $state.raw<Record<number, ProviderHistory>>({});
  /** Attribute changes in the outbox, oldest first. */
  entries = $state.raw<OutboxEntry[]>([]);
  /** Rows with a request of this screen in flight: their buttons wait. */
  readonly busy = new SvelteSet<string>();

  #poolsSequence = 0;
  #membersSequence = 0;
  #outboxSequence = 0;
  /** By entry id: attribute changes seen in the outbox or queued here, until they leave it. */
  #followed: Record<string, Followed> = Object.create(null) as Record<string, Followed>;
  /** Entries this screen discarded: gone from the outbox, but not sent. */
  readonly #discarded = new SvelteSet<string>();

  selected = $derived(this.pools.find((pool) => pool.id === this.selectedId));

  groups = $derived.by(() => {
    const groups: PoolGroup[] = [];
    for (const pool of this.pools) {
      let group = groups.find((candidate) => candidate.id === pool.group.id);
      if (!group) groups.push((group = { id: pool.group.id, name: pool.group.name ?? `Group ${pool.group.id}`, pools: [] }));
      group.pools.push(pool);
    }
    return groups;
  });

  start(): () => void {
    void this.readPools();
    void this.readOutbox();
    return service.followChanges({
      onoutbox: () => void this.readOutbox(),
      onenvironment: () => {
        sentChanges.clear();
        this.#followed = Object.create(null) as Record<string, Followed>;
      },
      onpulled: () => {
        void this.readPools();
        if (this.selectedId !== undefined) void this.readMembers(this.selectedId);
      },
    });
  }

  select(poolId: number): void {
    if (this.selectedId === poolId) return;
    this.selectedId = poolId;
    this.members = [];
    this.histories = {};
    this.membersLoaded = false;
    this.membersError = undefined;
    void this.readMembers(poolId);
  }

  async readPools(): Promise<void> {
    const sequence = ++this.#poolsSequence;
    try {
      const pools = await service.listPools();
      if (sequence !== this.#poolsSequence) return;
      this.pools = pools;
      this.error = undefined;
      // The first pool opens by itself, and a pool the pull took away closes.
      if (!pools.some((pool) => pool.id === this.selectedId)) {
        this.selectedId = undefined;
        if (pools[0]) this.select(pools[0].id);
      }
    } catch (error) {
      if (sequence === this.#poolsSequence) this.error = messageOf(error, 'The talent pools could not be read.');
    } finally {
      if (sequence === this.#poolsSequence) this.loaded = true;
    }
  }

  async readMembers(poolId: number): Promise<void> {
    const sequence = ++this.#membersSequence;
    try {
      const members = await service.listMembers(poolId);
      if (sequence !== this.#membersSequence) return;
      this.members = members;
      this.membersError = undefined;
      sentChanges.settle(poolId, members);
      void this.#readHistories(members, sequence);
    } catch (error) {
      if (sequence === this.#membersSequence) this.membersError = messageOf(error, 'The providers of this pool could not be read.');
    } finally {
      if (sequence === this.#membersSequence) this.membersLoaded = true;
    }
  }

  async #readHistories(members: readonly TalentPoolMember[], sequence: number): Promise<void> {
    const answers = await Promise.allSettled(members.map((member) => service.providerHistory(member.provider.id)));
    if (sequence !== this.#membersSequence) return;
    const histories: Record<number, ProviderHistory> = {};
    for (const answer of answers) if (answer.status === 'fulfilled') histories[answer.value.providerId] = answer.value;
    this.histories = histories;
  }

  async readOutbox(): Promise<void> {
    const sequence = ++this.#outboxSequence;
    try {
      const entries = service.attributeEntries(await service.listOutbox());
      if (sequence !== this.#outboxSequence) return;
      // A followed entry gone from the outbox was sent, unless it was refused (only a discard takes
      // those away) or this screen discarded it. One queued here may be sent before any read sees it.
      for (const [id, followed] of Object.entries(this.#followed)) {
        if (entries.some((entry) => entry.id === id) || sequence <= followed.since) continue;
        if (!followed.refused && !this.#discarded.has(id)) for (const change of followed.changes) sentChanges.add(change);
        delete this.#followed[id];
      }
      for (const entry of entries) this.#follow(entry.id, entry.kind, inputOf(entry), entry.state === 'refused');
      this.entries = entries;
    } catch {
      // The outbox screen says what is wrong with the outbox; here the cache still answers.
    }
  }

  #follow(id: string, kind: string, input: Partial<SetInput & DeleteInput> | null, refused = false): void {
    const known = this.#followed[id];
    if (known) known.refused = refused;
    else this.#followed[id] = { changes: changesOf(kind, input), refused, since: this.#outboxSequence };
  }

  /** The member's attributes with the outbox's changes over them. */
  rowsOf(member: TalentPoolMember): AttributeRow[] {
    const poolId = this.selectedId;
    if (poolId === undefined) return [];
    return attributeRows(member.attributes, this.entries, sentChanges.list, { poolId, providerId: member.provider.id });
  }

  /**
   * Checks the attribute with the shared schema and queues it. Answers the problems to show on the
   * fields, or undefined once queued. `replacing` is the row being changed, left out of the names
   * it must differ from.
   */
  async setAttribute(member: TalentPoolMember, name: string, value: string, replacing?: AttributeRow): Promise<AttributeProblems | undefined> {
    const poolId = this.selectedId;
    if (poolId === undefined) return { name: 'Choose a pool first.' };
    const ref = { poolId, providerId: member.provider.id };
    const others = this.rowsOf(member).filter((row) => row.key !== replacing?.key && row.status !== 'removing');
    const checked = checkAttribute(ref, others, name, value);
    if (!checked.ok) return checked.problems;
    const key = replacing?.key ?? `new:${checked.name}`;
    this.busy.add(key);
    try {
      const refused = replacing?.status === 'refused' && replacing.entry?.kind === 'talent-pools:set-attributes' ? replacing.entry : undefined;
      if (refused) {
        // A refused change holds the ones after it: the new value goes into it, and it is sent again.
        const input = inputOf(refused) as SetInput;
        const attributes = input.attributes.map((attribute) => (attribute.name === replacing?.name ? { name: checked.name, value: checked.value } : attribute));
        const edited = { ...input, attributes };
        await service.editEntry(refused.id, edited);
        this.#follow(refused.id, refused.kind, edited);
        const known = this.#followed[refused.id];
        if (known) known.changes = changesOf(refused.kind, edited);
      } else {
        const receipt = await service.setAttribute(ref, checked.name, checked.value);
        this.#follow(receipt.entryId, 'talent-pools:set-attributes', { ...ref, attributes: [{ name: checked.name, value: checked.value }] });
      }
      await this.readOutbox();
      return undefined;
    } catch (error) {
      return { value: messageOf(error, 'The change could not be queued.') };
    } finally {
      this.busy.delete(key);
    }
  }

  /** Removes a saved attribute through the outbox; one only the outbox holds is discarded instead. */
  async removeAttribute(member: TalentPoolMember, row: AttributeRow): Promise<void> {
    const poolId = this.selectedId;
    if (poolId === undefined) return;
    this.busy.add(row.key);
    try {
      if (row.id === undefined) {
        if (row.entry) await this.#discard(row.entry);
        return;
      }
      const ref = { poolId, providerId: member.provider.id };
      const receipt = await service.deleteAttribute(ref, row.id);
      this.#follow(receipt.entryId, 'talent-pools:delete-attribute', { ...ref, attributeId: row.id });
      toasts.show({ message: `Removing “${row.name}” from ${memberName(member.provider)}` });
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, `“${row.name}” could not be removed.`) });
    } finally {
      this.busy.delete(row.key);
      void this.readOutbox();
    }
  }

  /** Sends a refused change again as it was (the marketplace may take it now). */
  async retryChange(row: AttributeRow): Promise<void> {
    if (!row.entry) return;
    this.busy.add(row.key);
    try {
      await service.retryEntry(row.entry.id);
      toasts.show({ message: `Sending again: ${row.entry.summary}` });
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, 'The change could not be sent again.') });
    } finally {
      this.busy.delete(row.key);
      void this.readOutbox();
    }
  }

  /** Drops the waiting or refused change of a row: the attribute shows what the cache holds again. */
  async discardChange(row: AttributeRow): Promise<void> {
    if (!row.entry) return;
    this.busy.add(row.key);
    try {
      await this.#discard(row.entry);
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, 'The change could not be discarded.') });
    } finally {
      this.busy.delete(row.key);
      void this.readOutbox();
    }
  }

  async #discard(entry: OutboxEntry): Promise<void> {
    this.#discarded.add(entry.id);
    await service.discardEntry(entry.id);
    toasts.show({ message: `Discarded: ${entry.summary}` });
  }
}

/**
 * The order picker of "Route a job…" from a pool member: cached orders a route can start from,
 * searched like the list, without those already routed to the provider.
 */
export class RouteJobPicker {
  search = $state('');
  orders = $state.raw<WorkOrder[]>([]);
  total = $state(0);
  loaded = $state(false);
  error = $state<string | undefined>();
  chosenId = $state<number | undefined>();
  #sequence = 0;

  constructor(readonly providerId: number) {}

  chosen = $derived(this.orders.find((order) => order.id === this.chosenId));

  async read(text: string = this.search): Promise<void> {
    this.search = text;
    const sequence = ++this.#sequence;
    try {
      const page = await service.routableOrders(text);
      if (sequence !== this.#sequence) return;
      this.orders = page.orders.filter((order) => allowsAction('route', order) && !routedProviders(order).includes(this.providerId));
      this.total = page.total;
      this.error = undefined;
      if (!this.orders.some((order) => order.id === this.chosenId)) this.chosenId = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The work orders could not be read.');
    } finally {
      if (sequence === this.#sequence) this.loaded = true;
    }
  }

  /** Queues the route the way every screen does (its toast included); false when no order is chosen. */
  route(): boolean {
    const order = this.chosen;
    if (!order) return false;
    void orderActions.run('route', [order], { providerId: this.providerId });
    return true;
  }
}
