/** The app's screens, in navigation order. One table, so the sidebar and the router cannot disagree. */
export const SCREENS = [
  {
    id: 'work-orders',
    label: 'Work orders',
    icon: 'clipboard',
    summary: 'Create jobs, publish them, route and assign technicians, and follow the work to payment.',
    coming: ['Search and filter every cached work order, online or not', 'Create and edit jobs with schedule, pay, location and types of work', 'Publish, route, assign, approve: each change kept safe in the outbox'],
  },
  {
    id: 'deliverables',
    label: 'Deliverables',
    icon: 'inbox',
    summary: 'Review what technicians upload, approve it or send it back with a reason.',
    coming: ['Every pending deliverable across your work orders', 'Approve or deny with a note to the technician', 'Attach documents by dragging them from the desktop'],
  },
  {
    id: 'locations',
    label: 'Locations',
    icon: 'pin',
    summary: 'Saved client sites, ready to drop into a new job.',
    coming: ['Search by name, address, city or zip', 'Create, edit and remove saved locations', 'Use a saved location when creating a job'],
  },
  {
    id: 'talent-pools',
    label: 'Talent pools',
    icon: 'users',
    summary: 'Your curated technicians and the attributes you keep on them.',
    coming: ['Browse pools and the providers in them', 'Keep custom attributes per provider', 'Route a job to someone you trust'],
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    icon: 'bolt',
    summary: 'Endpoints that hear about your work orders as they change.',
    coming: ['Register, edit and pause webhooks', 'Choose the events each one receives', 'See every delivery attempt and its answer'],
  },
  {
    id: 'insights',
    label: 'Insights',
    icon: 'chart',
    summary: 'How fast jobs get dispatched and done, and where they stall.',
    coming: ['Time to dispatch and time to work done', 'Work orders by status, client and type of work', 'Problems and delays that need you'],
  },
  {
    id: 'outbox',
    label: 'Outbox',
    icon: 'outbox',
    summary: 'Changes waiting for the network, and anything the marketplace refused.',
    coming: ['Every pending change, in the order it will be sent', 'Refused changes with the reason, to fix or discard', 'Retry now when the connection is back'],
  },
  { id: 'settings', label: 'Settings', icon: 'gear', summary: 'Appearance and information about this installation.', coming: [] },
] as const;

export type Screen = (typeof SCREENS)[number];
export type ScreenId = Screen['id'];
export type IconName = Screen['icon'];

export const DEFAULT_SCREEN: ScreenId = 'work-orders';

export function screenById(id: string): Screen | undefined {
  return SCREENS.find((screen) => screen.id === id);
}
