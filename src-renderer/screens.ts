import type { Component } from 'svelte';
import type { IconName } from './components/icon-paths';
import type { ScreenId } from './lib/router.svelte';

/** A screen of the app: what the navigation, the `g` keys, the palette and the router know of it. */
export interface ScreenDefinition {
  id: ScreenId;
  label: string;
  icon: IconName;
  /** `g` then a letter. */
  key: string;
  /** Loaded when first shown: a screen's weight (Insights' charts) is not the app's start's. */
  view: () => Promise<{ default: Component }>;
}

/** The app's screens, in navigation order: the one table the sidebar, the keys, the palette and the router read. */
export const SCREENS = [
  { id: 'work-orders', label: 'Work orders', icon: 'clipboard', key: 'g h', view: () => import('./views/work-orders/WorkOrdersView.svelte') },
  // `g n` is the list's Needs attention; b for inBox.
  { id: 'inbox', label: 'Inbox', icon: 'message', key: 'g b', view: () => import('./views/inbox/InboxView.svelte') },
  { id: 'dispatch', label: 'Dispatch', icon: 'calendar', key: 'g d', view: () => import('./views/dispatch/DispatchView.svelte') },
  { id: 'deliverables', label: 'Deliverables', icon: 'inbox', key: 'g e', view: () => import('./views/deliverables/DeliverablesView.svelte') },
  { id: 'locations', label: 'Locations', icon: 'pin', key: 'g m', view: () => import('./views/locations/LocationsView.svelte') },
  { id: 'talent-pools', label: 'Talent pools', icon: 'users', key: 'g t', view: () => import('./views/talent-pools/TalentPoolsView.svelte') },
  { id: 'webhooks', label: 'Webhooks', icon: 'bolt', key: 'g k', view: () => import('./views/webhooks/WebhooksView.svelte') },
  { id: 'insights', label: 'Insights', icon: 'chart', key: 'g i', view: () => import('./views/insights/InsightsView.svelte') },
  { id: 'outbox', label: 'Outbox', icon: 'outbox', key: 'g o', view: () => import('./views/outbox/OutboxView.svelte') },
  { id: 'settings', label: 'Settings', icon: 'gear', key: 'g s', view: () => import('./views/settings/SettingsView.svelte') },
] as const satisfies readonly ScreenDefinition[];

// Every ScreenId has its entry: a screen added to the type and not here does not compile.
type Registered = (typeof SCREENS)[number]['id'];
export const EVERY_SCREEN_REGISTERED: [ScreenId] extends [Registered] ? true : never = true;

export function screenById(id: ScreenId): ScreenDefinition {
  return SCREENS.find((screen) => screen.id === id) ?? SCREENS[0];
}
