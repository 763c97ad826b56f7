import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { siteZone } from '../../lib/format';
import type { JobFormRequest } from '../../state/job-form.svelte';
import type { JobFormOriginal, RefusalMarks } from './job-form.svelte';
import { bodyFromValues, emptyValues, savedLocationChoice, valuesFromOrder, zoneOfValues, type JobValues } from './job-values';

/** Everything a job form starts from: its values, the order as it was (an edit), and a refusal to show. */
export interface JobFormSetup {
  heading: string;
  values: JobValues;
  /** The order being edited, or whose refused change is being fixed. */
  orderId?: number;
  /** The order's status id, for whether publishing goes with the save. */
  statusId?: number;
  original?: JobFormOriginal;
  refusal?: RefusalMarks;
  /** The refused outbox entry this form corrects. */
  entry?: OutboxEntry;
}

type Order = Partial<WorkOrder> & Record<string, unknown>;

function originalOf(order: WorkOrder): JobFormOriginal {
  const zone = siteZone(order);
  const values = valuesFromOrder(order, zone);
  return { values: structuredClone(values), body: bodyFromValues(values, zone ?? zoneOfValues(values) ?? 'UTC'), zone };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The form's starting point for a request. An edit and a duplicate read the order from the cache;
 * a refused change starts from what was refused, over the order as the marketplace holds it now.
 */
export async function setUpJobForm(request: JobFormRequest, readOrder: (id: number) => Promise<WorkOrder>): Promise<JobFormSetup> {
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
      const order = await readOrder(request.id);
      return { heading: `Duplicate #${request.id}`, values: valuesFromOrder(order, siteZone(order)) };
    }
    case 'edit': {
      const order = await readOrder(request.id);
      const original = originalOf(order);
      return { heading: `Edit #${request.id}`, values: structuredClone(original.values), orderId: request.id, statusId: order.status?.id, original };
    }
    case 'retry': {
      const { entry } = request;
      const refusal = { message: entry.error?.message ?? 'The marketplace refused this change.', fields: entry.error?.fields ?? [] };
      const input = isRecord(entry.input) ? entry.input : {};
      if (entry.kind === 'workorders:create' && isRecord(input.order)) {
        return { heading: 'Fix the refused new job', values: valuesFromOrder(input.order as Order), refusal, entry };
      }
      if (entry.kind === 'workorders:update' && typeof input.id === 'number' && isRecord(input.changes)) {
        const order = await readOrder(input.id);
        const original = originalOf(order);
        // The order's own zone holds unless the refused change moved it.
        const zone = 'location' in input.changes ? undefined : original.zone;
        const values = valuesFromOrder({ ...order, ...input.changes } as Order, zone);
        return { heading: `Fix the refused edit of #${input.id}`, values, orderId: input.id, statusId: order.status?.id, original, refusal, entry };
      }
      throw new Error(`A ${entry.kind} change is not fixed in the job form`);
    }
  }
}
