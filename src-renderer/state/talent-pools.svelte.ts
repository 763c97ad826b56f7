import { SvelteSet } from 'svelte/reactivity';
import type { ProviderHistory, TalentPoolMember, TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { messageOf } from '../lib/errors';
import { attributeEntries, attributeRows, checkAttribute, inputOf, memberName, type AttributeProblems, type AttributeRow, type SetInput } from '../lib/talent-pool-rows';
import { toasts } from '../lib/toasts.svelte';
import { discardEntry, editEntry, retryEntry } from '../services/outbox';
import * as service from '../services/talent-pools';
import { outbox } from './outbox.svelte';

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
  /**
   * By entry id: the values a change queued here replaced, by name, for the "was" of a pending row
   * (the cache shows the change at once). `seen`: the outbox has shown the entry.
   */
  #replaced = $state.raw<Record<string, { seen: boolean; values: Record<string, string> }>>({});

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
    // Main shows a waiting change in the cache and takes the marketplace's answer once sent: the
    // members are read again with each new state of the outbox.
    const stopOutbox = outbox.follow((entries) => {
      this.#showOutbox(entries);
      if (this.selectedId !== undefined) void this.readMembers(this.selectedId);
    });
    const stopChanges = service.followChanges({
      onenvironment: () => {
        this.#replaced = {};
      },
      onpulled: () => {
        void this.readPools();
        if (this.selectedId !== undefined) void this.readMembers(this.selectedId);
      },
    });
    return () => {
      stopOutbox();
      stopChanges();
    };
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

  /** The attribute changes as the outbox has them now; what a change replaced is kept while it waits. */
  #showOutbox(all: readonly OutboxEntry[]): void {
    const entries = attributeEntries(all);
    const waiting = entries.map((entry) => entry.id);
    // A change queued here may reach the outbox after this state of it: its "was" stays until the
    // outbox has shown it, and goes once it has left.
    const replaced = Object.fromEntries(
      Object.entries(this.#replaced)
        .map(([id, kept]) => [id, { ...kept, seen: kept.seen || waiting.includes(id) }] as const)
        .filter(([id, kept]) => !kept.seen || waiting.includes(id)),
    );
    this.#replaced = replaced;
    this.entries = entries;
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
        await editEntry(refused.id, edited);
      } else {
        // The value shown now is the one replaced (a pending row's own "was" when it waits already).
        const was = replacing?.status === 'pending' ? replacing.before : replacing?.status === 'saved' ? replacing.value : undefined;
        const receipt = await service.setAttribute(ref, checked.name, checked.value);
        if (was !== undefined) this.#replaced = { ...this.#replaced, [receipt.entryId]: { seen: false, values: { [checked.name]: was } } };
      }
      await outbox.read();
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
      void outbox.read();
    }
  }

  /** Sends a refused change again as it was (the marketplace may take it now). */
  async retryChange(row: AttributeRow): Promise<void> {
    if (!row.entry) return;
    this.busy.add(row.key);
    try {
      await retryEntry(row.entry.id);
      toasts.show({ message: `Sending again: ${row.entry.summary}` });
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, 'The change could not be sent again.') });
    } finally {
      this.busy.delete(row.key);
      void outbox.read();
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
      void outbox.read();
    }
  }

  async #discard(entry: OutboxEntry): Promise<void> {
    await discardEntry(entry.id);
    toasts.show({ message: `Discarded: ${entry.summary}` });
  }
}
