import { isTemporaryAttributeId } from '../../src-shared/domain/talent-pool-attributes';
import type { TalentPoolAttribute } from '../../src-shared/api/talent-pool';
import type { TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { writeChannels } from '../../src-shared/ipc/write-channels';
import { issueMessage } from './form-issues';

/** A provider in one pool: where attributes live. */
export interface MemberRef {
  poolId: number;
  providerId: number;
}

/** The outbox kinds that change a member's attributes. */
export const ATTRIBUTE_KINDS: ReadonlySet<string> = new Set(['talent-pools:set-attributes', 'talent-pools:delete-attribute']);

/** The attribute changes waiting in the outbox (refused ones included), oldest first. */
export function attributeEntries(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((entry) => ATTRIBUTE_KINDS.has(entry.kind));
}

/*
 * What the Talent pools screen shows of a member's attributes: the cache (main shows waiting
 * changes in it) with the outbox's state of each, and the checks an attribute passes before it is
 * queued (the set-attributes channel's own schema).
 */

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
  member: MemberRef,
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


export interface SetInput {
  poolId: number;
  providerId: number;
  attributes: { name: string; value: string }[];
}
interface DeleteInput {
  poolId: number;
  providerId: number;
  attributeId: string;
}

export const inputOf = (entry: OutboxEntry) => entry.input as Partial<SetInput & DeleteInput> | null;
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
  member: MemberRef,
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
