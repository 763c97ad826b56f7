import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { writeChannels } from '../../../src-shared/ipc/write-channels';

/** One value of a refused update the coordinator may correct in place: a plain string or number. */
export interface EditableField {
  /** Dotted, inside `changes`: "title", "client.id". */
  path: string;
  label: string;
  kind: 'text' | 'number';
  value: string;
}

interface UpdateInput {
  id: number;
  changes: Record<string, unknown>;
}

function asUpdate(entry: OutboxEntry): UpdateInput | undefined {
  if (entry.kind !== 'workorders:update') return undefined;
  const input = entry.input as Partial<UpdateInput> | null;
  return input && typeof input.id === 'number' && input.changes && typeof input.changes === 'object' ? (input as UpdateInput) : undefined;
}

function valueAt(changes: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), changes);
}

function humanize(path: string): string {
  const words = path.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The fields of a refused update worth a plain input: the ones the marketplace named, and the
 * title. Undefined when any of them is more than a string or a number (a location, a schedule):
 * those belong to the job form.
 */
export function editableFields(entry: OutboxEntry): EditableField[] | undefined {
  const update = asUpdate(entry);
  if (!update) return undefined;
  // The marketplace names fields of the body it got; the outbox may also prefix them with `changes.`.
  const named = (entry.error?.fields ?? []).map((field) => field.replace(/^changes\./, ''));
  const paths = [...new Set(['title', ...named])].filter((path) => valueAt(update.changes, path) !== undefined);
  if (paths.length === 0) return undefined;
  const fields: EditableField[] = [];
  for (const path of paths) {
    const value = valueAt(update.changes, path);
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    fields.push({ path, label: humanize(path), kind: typeof value === 'number' ? 'number' : 'text', value: String(value) });
  }
  return fields;
}

/** What an input holds: a number input bound by Svelte gives a number, or null when emptied. */
export type FieldValue = string | number | null | undefined;

function toNumber(raw: FieldValue): number {
  if (typeof raw === 'number') return raw;
  // Empty is no number: the schema says so, rather than a silent 0.
  return raw === null || raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
}

export type EditResult = { ok: true; input: UpdateInput } | { ok: false; problems: Record<string, string>; general: string | undefined };

/**
 * The corrected input, checked with the channel's own schema (the rule lives in src-shared only).
 * A field left out drops its top-level key: `client.id` left out sends no client at all.
 */
export function buildEdit(entry: OutboxEntry, fields: EditableField[], values: Record<string, FieldValue>, leftOut: ReadonlySet<string>): EditResult {
  const update = asUpdate(entry);
  if (!update) return { ok: false, problems: {}, general: 'This change cannot be edited here.' };
  const changes = structuredClone(update.changes);
  for (const field of fields) {
    const keys = field.path.split('.');
    if (leftOut.has(field.path)) {
      delete changes[keys[0] as string];
      continue;
    }
    const raw = field.path in values ? values[field.path] : field.value;
    const parent = keys.slice(0, -1).reduce<Record<string, unknown>>((object, key) => object[key] as Record<string, unknown>, changes);
    parent[keys.at(-1) as string] = field.kind === 'number' ? toNumber(raw) : String(raw ?? '');
  }
  const parsed = writeChannels['workorders:update'].input.safeParse({ id: update.id, changes });
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems: Record<string, string> = {};
  // An emptied number input is a typing slip, not a rule of the marketplace: said plainly, before the schema's words.
  for (const field of fields) if (field.kind === 'number' && !leftOut.has(field.path) && Number.isNaN(toNumber(values[field.path]))) problems[field.path] = 'Enter a number';
  let general: string | undefined;
  for (const issue of parsed.error.issues) {
    const path = issue.path.slice(issue.path[0] === 'changes' ? 1 : 0).join('.');
    const field = fields.find((candidate) => path === candidate.path || path.startsWith(`${candidate.path}.`));
    if (field) problems[field.path] ??= issue.message;
    else general ??= path === '' ? issue.message : `${humanize(path)}: ${issue.message}`;
  }
  return { ok: false, problems, general };
}
