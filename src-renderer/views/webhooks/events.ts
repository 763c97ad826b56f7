import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../src-shared/api/webhook';

/** The events of decisions §7 in groups a coordinator thinks in; every event is in exactly one. */
export interface EventGroup {
  id: string;
  label: string;
  events: WebhookEvent[];
}

const LABELS: Record<WebhookEvent, string> = {
  'workorder.created': 'Created',
  'workorder.status.draft': 'Draft',
  'workorder.status.published': 'Published',
  'workorder.status.routed': 'Routed',
  'workorder.status.assigned': 'Assigned',
  'workorder.status.confirmed': 'Confirmed',
  'workorder.status.assigned_cancelled': 'Assignment cancelled',
  'workorder.status.on_my_way': 'On my way',
  'workorder.status.checked_in': 'Checked in',
  'workorder.status.checked_out': 'Checked out',
  'workorder.status.work_done': 'Work done',
  'workorder.status.approved': 'Approved',
  'workorder.status.paid': 'Paid',
  'workorder.status.deleted': 'Cancelled',
  'workorder.status.at_risk': 'At risk',
  'workorder.status.delayed': 'Delayed',
  'workorder.routed': 'Routed to a provider',
  'workorder.requested': 'Requested by a provider',
  'workorder.declined': 'Declined by a provider',
  'workorder.message_posted': 'Message posted',
  'workorder.provider_upload': 'Provider upload',
  'workorder.schedule_updated': 'Schedule updated',
  'workorder.tag_added': 'Tag added',
  'workorder.tag_removed': 'Tag removed',
  'workorder.task_completed': 'Task completed',
  'workorder.task_incomplete': 'Task marked incomplete',
  'workorder.part_updated': 'Part updated',
  'workorder.custom_field_value_updated': 'Custom field changed',
};

export const eventLabel = (event: string): string => LABELS[event as WebhookEvent] ?? event;

const DISPATCH: WebhookEvent[] = ['workorder.routed', 'workorder.requested', 'workorder.declined'];

export const EVENT_GROUPS: EventGroup[] = [
  { id: 'status', label: 'Status changes', events: WEBHOOK_EVENTS.filter((event) => event.startsWith('workorder.status.')) },
  { id: 'dispatch', label: 'Dispatch', events: DISPATCH },
  {
    id: 'activity',
    label: 'Activity on the order',
    events: WEBHOOK_EVENTS.filter((event) => !event.startsWith('workorder.status.') && !DISPATCH.includes(event)),
  },
];
