import { isTemporaryAttributeId } from '../../src-shared/domain/talent-pool-attributes';
import { SvelteSet } from 'svelte/reactivity';
import type { TalentPoolAttribute } from '../../src-shared/api/talent-pool';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { routedProviders } from '../../src-shared/domain/work-order-people';
import { allowsAction } from '../../src-shared/domain/work-order-rules';
import type { ProviderHistory, TalentPoolMember, TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { writeChannels } from '../../src-shared/ipc/write-channels';
import { issueMessage } from '../lib/form-issues';
import * as service from '../services/talent-pools';
import { orderActions } from './order-actions.svelte';
import { toasts } from '../lib/toasts.svelte';
import { messageOf } from '../lib/errors';


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

// ——— What the screen shows of each attribute: the cache (main shows waiting changes in it), and the outbox's state of each ———

export type AttributeStatus = 'saved' | 'pending' | 'removing' | 'refused';

export interface AttributeRow {
  /** Stable across renders: the attribute's id, or its name while only the outbox knows it. */
  key: string;
  /** The marketplace's id; absent for one added by a change the marketplace has not taken yet. */
  id?: string;
  name: string;
  value: string;
  status: AttributeStatus;
  /** The value a waiting change replaces, when this screen queued it (the cache shows the change already). */
  before?: string;
  /** The outbox entry the status is about (waiting or refused). */
  entry?: OutboxEntry;
  /** Why the marketplace refused the change. */
  problem?: string;
  /** The value a refused change tried to set. */
  tried?: string;
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
 * One member's attributes as the coordinator should see them: the cache's (main shows each waiting
 * change there at once, and the marketplace's answer once sent), each marked by the outbox entry
 * that changes it (pending, removing while the cache is not read again yet), and refusals beside
 * the value they did not change. `replaced` holds, by entry id, the values a change this screen
 * queued replaced (the "was" of a pending row).
 */
export function attributeRows(
  cached: readonly TalentPoolAttribute[],
  entries: readonly OutboxEntry[],
  member: service.MemberRef,
  replaced: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): AttributeRow[] {
  const mine = belongsTo(member.poolId, member.providerId);
  // By name, without a prototype: an attribute may be called anything, "constructor" too.
  const byName: Record<string, AttributeRow> = Object.create(null) as Record<string, AttributeRow>;
  for (const attribute of cached) {
    const row: AttributeRow = isTemporaryAttributeId(attribute.id)
      ? { key: `new:${attribute.name}`, name: attribute.name, value: attribute.value ?? '', status: 'saved' }
      : { key: attribute.id, id: attribute.id, name: attribute.name, value: attribute.value ?? '', status: 'saved' };
    byName[attribute.name] = row;
  }
  const findId = (id: string | undefined) => Object.values(byName).find((row) => row.id !== undefined && row.id === id);

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
        // The cache shows the value already; set it here too for the moment before it is read again.
        const before = row?.status === 'pending' ? row.before : replaced[entry.id]?.[name];
        if (row) Object.assign(row, { before, value, status: 'pending', entry, problem: undefined });
        else byName[name] = { key: `new:${name}`, name, value, status: 'pending', entry, before };
      }
    } else {
      const row = findId(input?.attributeId);
      if (row) Object.assign(row, refused ? { status: 'refused', entry, problem: entry.error?.message } : { status: 'removing', entry, problem: undefined });
    }
  }
  return Object.values(byName).sort((a, b) => a.name.localeCompare(b.name));
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
  /**
   * By entry id: the values a change queued here replaced, by name, for the "was" of a pending row
   * (the cache shows the change at once). `since`: the outbox read that began last before it.
   */
  #replaced = $state.raw<Record<string, { since: number; values: Record<string, string> }>>({});

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
      // Main shows a waiting change in the cache and takes the marketplace's answer once sent: read both again.
      onoutbox: () => {
        void this.readOutbox();
        if (this.selectedId !== undefined) void this.readMembers(this.selectedId);
      },
      onenvironment: () => {
        this.#replaced = {};
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
      // What a change replaced matters while it waits; one queued after this read began may not show in it yet.
      const kept = Object.entries(this.#replaced).filter(([id, replaced]) => sequence <= replaced.since || entries.some((entry) => entry.id === id));
      if (kept.length !== Object.keys(this.#replaced).length) this.#replaced = Object.fromEntries(kept);
      this.entries = entries;
    } catch {
      // The outbox screen says what is wrong with the outbox; here the cache still answers.
    }
  }

  /** The member's attributes with the outbox's changes over them. */
  rowsOf(member: TalentPoolMember): AttributeRow[] {
    const poolId = this.selectedId;
    if (poolId === undefined) return [];
    const replaced = Object.fromEntries(Object.entries(this.#replaced).map(([id, { values }]) => [id, values]));
    return attributeRows(member.attributes, this.entries, { poolId, providerId: member.provider.id }, replaced);
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
      } else {
        // The value shown now is the one replaced (a pending row's own "was" when it waits already).
        const was = replacing?.status === 'pending' ? replacing.before : replacing?.status === 'saved' ? replacing.value : undefined;
        const receipt = await service.setAttribute(ref, checked.name, checked.value);
        if (was !== undefined) this.#replaced = { ...this.#replaced, [receipt.entryId]: { since: this.#outboxSequence, values: { [checked.name]: was } } };
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
      await service.deleteAttribute(ref, row.id);
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
