import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { SavedLocation } from '../../../src-shared/api/location';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { namedZoneOf } from '../../../src-shared/domain/moments';
import type { JobFormRequest } from '../../state/job-form.svelte';
import type { JobFormOriginal, RefusalMarks } from './job-form.svelte';
import { emptyValues, savedLocationChoice, siteZoneOf, valuesFromOrder, type JobValues, type KnownSite } from '../../lib/job/job-values';
import { bodyFromValues } from '../../lib/job/job-body';

/** Everything a job form starts from: its values, the order as it was (an edit), and a refusal to show. */
export interface JobFormSetup {
  heading: string;
  values: JobValues;
  /** The order being edited, or whose refused change is being fixed. */
  orderId?: number;
  /** The order's status id, for whether publishing goes with the save. */
  statusId?: number;
  original?: JobFormOriginal;
  /** The site of the order copied: its zone holds while the copy stays there. */
  site?: KnownSite;
  refusal?: RefusalMarks;
  /** The refused outbox entry this form corrects. */
  entry?: OutboxEntry;
}

type Order = Partial<WorkOrder> & Record<string, unknown>;

export interface JobFormSources {
  readOrder: (id: number) => Promise<WorkOrder>;
  /** A saved location from the cache, for a body that names one by id only. */
  findSavedLocation?: (id: number) => Promise<SavedLocation | undefined>;
}

function originalOf(order: WorkOrder): JobFormOriginal {
  const zone = namedZoneOf(order);
  const values = valuesFromOrder(order, zone);
  return { values: structuredClone(values), body: bodyFromValues(values, siteZoneOf(values, { values, zone }) ?? 'UTC'), zone };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An order's values, its times read in the zone the form will save them in (the same rule as the
 * form's), and a saved location named by id only filled in from the cache so its zone is known.
 */
async function placedValues(order: Order, site: KnownSite | undefined, sources: JobFormSources): Promise<JobValues> {
  // Where the work is does not depend on the zone; the times do.
  const values = valuesFromOrder(order, 'UTC');
  const saved = values.savedLocation;
  if (saved && !saved.state && !saved.country) {
    const found = await sources.findSavedLocation?.(saved.id).catch(() => undefined);
    if (found) values.savedLocation = savedLocationChoice(found);
  }
  const timed = valuesFromOrder(order, siteZoneOf(values, site) ?? 'UTC');
  return { ...values, start: timed.start, end: timed.end };
}

/**
 * The form's starting point for a request. An edit and a duplicate read the order (see readOrder);
 * a refused change starts from what was refused, over the order as the marketplace holds it now.
 */
export async function setUpJobForm(request: JobFormRequest, sources: JobFormSources | JobFormSources['readOrder']): Promise<JobFormSetup> {
  const from: JobFormSources = typeof sources === 'function' ? { readOrder: sources } : sources;
  switch (request.kind) {
    case 'create': {
      const values = emptyValues();
      values.title = request.title ?? '';
      if (request.location) {
        values.locationMode = 'saved';
        values.savedLocation = savedLocationChoice(request.location);
      }
      return { heading: request.location ? `New job at ${values.savedLocation?.name}` : 'New job', values };
    }
    case 'duplicate': {
      const order = await from.readOrder(request.id);
      const site = originalOf(order);
      return { heading: `Duplicate #${request.id}`, values: structuredClone(site.values), site: { values: site.values, zone: site.zone } };
    }
    case 'edit': {
      const order = await from.readOrder(request.id);
      const original = originalOf(order);
      return { heading: `Edit #${request.id}`, values: structuredClone(original.values), orderId: request.id, statusId: order.status?.id, original };
    }
    case 'retry': {
      const { entry } = request;
      const refusal = { message: entry.error?.message || 'The marketplace refused this change.', fields: entry.error?.fields ?? [] };
      const input = isRecord(entry.input) ? entry.input : {};
      if (entry.kind === 'workorders:create' && isRecord(input.order)) {
        return { heading: 'Fix the refused new job', values: await placedValues(input.order as Order, undefined, from), refusal, entry };
      }
      if (entry.kind === 'workorders:update' && typeof input.id === 'number' && isRecord(input.changes)) {
        const order = await from.readOrder(input.id);
        const original = originalOf(order);
        const values = await placedValues({ ...order, ...input.changes } as Order, original, from);
        return { heading: `Fix the refused edit of #${input.id}`, values, orderId: input.id, statusId: order.status?.id, original, refusal, entry };
      }
      throw new Error(`A ${entry.kind} change is not fixed in the job form`);
    }
  }
}
