import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WriteChannelName } from '../../../../src-shared/ipc/write-channels';
import { READY_ORDER } from '../support';

/** mulberry32: a small seeded generator, so a failing run can be told apart by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A record the writes change: an order or a saved location, made by the workload or already on the marketplace. */
export interface WorkloadRecord {
  key: string;
  kind: 'order' | 'location';
  /** The marketplace's id of a record the seed made; records the workload creates get theirs from the create's receipt. */
  existingId?: number;
}

export type Step = 'create' | 'title' | 'expense' | 'upload' | 'publish' | 'route' | 'address';

/** One of the writes, in the order the coordinator makes them. */
export interface PlannedWrite {
  n: number;
  record: WorkloadRecord;
  /** What the coordinator's window calls: a write channel, or the preload's own for a file on disk. */
  channel: WriteChannelName | 'attachments:upload-file';
  /** The kind of the outbox entry it makes. */
  kind: WriteChannelName;
  step: Step;
  /** Text found only in this write's input: how the write is recognised on the marketplace and in the outbox tables. */
  marker: string | null;
  /** Title and address edits: the how-manieth of the record (the last one must win). */
  version: number;
  /** Uploads: the file's sha256. */
  sha256?: string;
  /** Routes: the provider (an order is routed to two, one after the other). */
  providerId?: number;
  /** The channel input, given the record's id as the app knows it (temporary for a create not yet answered). */
  input(id: number): unknown;
}

export const TAG = 'ck';
export const orderTitle = (record: WorkloadRecord, version: number) => `${TAG}-${record.key}-v${version}`;
export const addressLine = (record: WorkloadRecord, version: number) => `${TAG}-${record.key}-a${version}`;
const expenseText = (record: WorkloadRecord, index: number) => `${TAG}-${record.key}-x${index}`;

/** Drafts and published orders of the demo company (seed ids 10001–10013), and its saved locations 701–708. */
const EXISTING_ORDERS = Array.from({ length: 10 }, (_, index) => 10001 + index);
const EXISTING_LOCATIONS = [701, 702];
const NEW_ORDERS = 16;
const NEW_LOCATIONS = 6;
/** Routable providers of the seed (3019 takes no routed work). */
const PROVIDERS = Array.from({ length: 18 }, (_, index) => 3001 + index);

/**
 * The 200 writes: 16 new orders (create, two title edits, an expense, an upload, publish, a route
 * to one provider and then to another), 10 existing orders (two title edits, two expenses, an
 * upload), 6 new saved locations (create, two address edits) and 2 existing ones (two address edits). Each record's writes keep their order;
 * the records are interleaved at random, so several lanes drain side by side. Upload files are
 * written to `fileDir`, each with content of its own.
 */
export function planWorkload(random: () => number, fileDir: string): PlannedWrite[] {
  const scripts: Omit<PlannedWrite, 'n'>[][] = [];
  const write = (record: WorkloadRecord, kind: WriteChannelName, step: Step, marker: string | null, input: (id: number) => unknown, version = 0, sha256?: string) => ({
    record,
    channel: kind as PlannedWrite['channel'],
    kind,
    step,
    marker,
    version,
    sha256,
    input,
  });
  const route = (record: WorkloadRecord, providerId: number) => ({ ...write(record, 'workorders:route', 'route', null, (id) => ({ id, providerId })), providerId });
  const title = (record: WorkloadRecord, version: number) =>
    write(record, 'workorders:update', 'title', orderTitle(record, version), (id) => ({ id, changes: { title: orderTitle(record, version) } }), version);
  const expense = (record: WorkloadRecord, index: number) =>
    write(record, 'expenses:add', 'expense', expenseText(record, index), (workOrderId) => ({ workOrderId, expense: { description: expenseText(record, index), amount: 10 + index } }));
  const upload = (record: WorkloadRecord) => {
    const name = `${TAG}-${record.key}-file.txt`;
    const path = join(fileDir, name);
    // A few files large enough that a kill can land in the middle of their upload.
    const size = random() < 0.25 ? 256 * 1024 : 512 + Math.floor(random() * 4096);
    const content = Buffer.alloc(size, `${name} ${random()}\n`);
    writeFileSync(path, content);
    // The file's name rides in its notes: the outbox's history keeps the input, and a staged upload's input names no file.
    const planned = write(record, 'attachments:upload', 'upload', name, (workOrderId) => ({ workOrderId, path, notes: name }), 0, createHash('sha256').update(content).digest('hex'));
    return { ...planned, channel: 'attachments:upload-file' as const };
  };
  const address = (record: WorkloadRecord, version: number) =>
    write(record, 'locations:update', 'address', addressLine(record, version), (id) => ({ id, changes: { address2: addressLine(record, version) } }), version);

  for (let index = 1; index <= NEW_ORDERS; index += 1) {
    const record: WorkloadRecord = { key: `o${index}`, kind: 'order' };
    const [first, second] = [PROVIDERS[index % PROVIDERS.length], PROVIDERS[(index + 7) % PROVIDERS.length]] as [number, number];
    scripts.push([
      write(record, 'workorders:create', 'create', orderTitle(record, 0), () => ({ order: { ...READY_ORDER, title: orderTitle(record, 0) } })),
      title(record, 1),
      expense(record, 1),
      upload(record),
      title(record, 2),
      write(record, 'workorders:publish', 'publish', null, (id) => ({ id })),
      route(record, first),
      route(record, second),
    ]);
  }
  for (const id of EXISTING_ORDERS) {
    const record: WorkloadRecord = { key: `e${id}`, kind: 'order', existingId: id };
    scripts.push([title(record, 1), expense(record, 1), upload(record), title(record, 2), expense(record, 2)]);
  }
  for (let index = 1; index <= NEW_LOCATIONS; index += 1) {
    const record: WorkloadRecord = { key: `l${index}`, kind: 'location' };
    const name = `${TAG}-${record.key}`;
    const location = { name, address1: `${index} Crash Test Way`, city: 'Chicago', state: 'IL', zip: '60606', country: 'US' };
    scripts.push([write(record, 'locations:create', 'create', name, () => ({ location })), address(record, 1), address(record, 2)]);
  }
  for (const id of EXISTING_LOCATIONS) {
    const record: WorkloadRecord = { key: `s${id}`, kind: 'location', existingId: id };
    scripts.push([address(record, 1), address(record, 2)]);
  }

  const plan: PlannedWrite[] = [];
  while (scripts.some((script) => script.length > 0)) {
    const open = scripts.filter((script) => script.length > 0);
    const next = (open[Math.floor(random() * open.length)] as Omit<PlannedWrite, 'n'>[]).shift() as Omit<PlannedWrite, 'n'>;
    plan.push({ ...next, n: plan.length });
  }
  return plan;
}
