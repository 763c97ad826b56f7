import type { WorkOrderUpdateBody } from '../../../src-shared/api/work-order-requests';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { describeMissing } from '../../lib/format';
import { queueCreate, queuePublish, queueUpdate } from '../../services/job-form';
import { queueAutoDispatch, type DispatchChoice } from '../../services/work-order-actions';
import { outbox } from '../../state/outbox.svelte';
import { orderRequest } from '../../state/palette.svelte';
import { toasts } from '../../lib/toasts.svelte';
import type { JobForm } from './job-form.svelte';
import type { JobFormSetup } from './job-form-setup';
import { messageOf } from '../../lib/errors';

export type SaveIntent = 'save' | 'publish';
/** `invalid`: the form's own fields are marked; the dialog says how many while any remain. */
export type SaveOutcome = { ok: true } | { ok: false; problem: string } | { ok: false; invalid: true };

const UNREMOVABLE: Record<string, string> = { location: 'location', schedule: 'schedule', pay: 'pay', types_of_work: 'type of work', client: 'client', project: 'project', manager: 'manager' };

const refuse = (problem: string): SaveOutcome => ({ ok: false, problem });

/**
 * Saves what the form holds: a new order, only the changed keys of an existing one, or a refused
 * change corrected and sent again. Everything is queued in the outbox, so it holds offline too;
 * publishing is queued behind the save, in the same order's line.
 */
export async function saveJob(form: JobForm, setup: JobFormSetup, intent: SaveIntent): Promise<SaveOutcome> {
  const body = form.valid();
  if (!body) return { ok: false, invalid: true };
  if (intent === 'publish' && form.missing.length > 0) return refuse(`${form.values.autoDispatch ? 'Auto-dispatch' : 'Publishing'} needs ${describeMissing(form.missing)}. Add it, or save as a draft.`);
  const title = body.title;
  try {
    if (setup.entry) return await resend(form, setup, setup.entry);
    if (setup.orderId === undefined) {
      const receipt = await queueCreate(body);
      if (receipt.id === undefined) return refuse('The new job was not given an id.');
      if (intent === 'publish') await publish(form, receipt.id);
      toasts.show({ tone: 'success', message: intent === 'publish' ? `“${title}” saved; ${publishing(form)} when the outbox sends it` : `Draft “${title}” saved` });
      orderRequest.open(receipt.id);
      return { ok: true };
    }
    const changes = changesToSend(form);
    if (typeof changes === 'string') return refuse(changes);
    if (changes) await queueUpdate(setup.orderId, changes);
    else if (intent !== 'publish') return refuse('Nothing has changed.');
    if (intent === 'publish') await publish(form, setup.orderId);
    toasts.show({ tone: 'success', message: intent === 'publish' ? `#${setup.orderId} saved; ${publishing(form)} when the outbox sends it` : `#${setup.orderId} saved` });
    return { ok: true };
  } catch (error) {
    return refuse(messageOf(error, 'The job could not be saved on this machine.'));
  }
}

/** The auto-dispatch the coordinator chose: a rule ('' is none: the best rated for the type of work), routing or assigning. */
export function dispatchChoice(form: JobForm): DispatchChoice {
  const { ruleId, route } = form.values.dispatch;
  return { ...(ruleId === '' ? {} : { selectionRuleId: Number(ruleId) }), shouldRoute: route };
}

/**
 * Behind the save, in the order's line: a plain publish, or with auto-dispatch on the auto-dispatch
 * itself (the marketplace publishes a Draft before it dispatches it, decisions §2).
 */
function publish(form: JobForm, id: number): Promise<unknown> {
  return form.values.autoDispatch ? queueAutoDispatch([id], dispatchChoice(form)) : queuePublish(id);
}

/** What the toast says publishing will do. */
function publishing(form: JobForm): string {
  if (!form.values.autoDispatch) return 'it publishes';
  return form.values.dispatch.route ? 'auto-dispatch routes it to the best match' : 'auto-dispatch assigns it to the best match';
}

/** The changed keys, undefined when none, or why they cannot be sent. */
function changesToSend(form: JobForm): WorkOrderUpdateBody | undefined | string {
  const diff = form.changes;
  if (!diff) return undefined;
  const [unremovable] = diff.unremovable;
  if (unremovable) return `An order's ${UNREMOVABLE[unremovable] ?? unremovable} can be changed but not taken off. Put it back, or change it instead.`;
  return Object.keys(diff.changes).length > 0 ? (diff.changes as WorkOrderUpdateBody) : undefined;
}

async function resend(form: JobForm, setup: JobFormSetup, entry: OutboxEntry): Promise<SaveOutcome> {
  const body = form.valid();
  if (!body) return { ok: false, invalid: true };
  let input: unknown = { order: body };
  if (setup.orderId !== undefined) {
    const changes = changesToSend(form);
    if (typeof changes === 'string') return refuse(changes);
    if (!changes) return refuse('This now matches the order on the marketplace: nothing is left to send. Discard the refused change instead.');
    input = { id: setup.orderId, changes };
  }
  // The outbox state marks the entry busy and says "Sending again" when main takes it.
  const problem = await outbox.edit(entry, input);
  return problem ? refuse(problem) : { ok: true };
}
