/**
 * A view rendered as App.svelte frames it (./Frame.svelte: the action prompt, the bulk report and
 * the toasts around it), so a test drives a screen and the dialogs its actions open together.
 */
import type { Component } from 'svelte';
import { afterEach } from 'vitest';
import { toasts } from '../../../src-renderer/lib/toasts.svelte';
import { orderActions } from '../../../src-renderer/state/order-actions.svelte';
import Frame from './Frame.svelte';
import { render, screen, within } from './render';

// The frame's stores are app-wide: what one test left (a prompt, a toast) must not open in the next.
afterEach(() => {
  orderActions.prompt = undefined;
  orderActions.report = undefined;
  toasts.items.forEach((toast) => toasts.dismiss(toast.id));
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function renderView(view: Component<any>, props: Record<string, unknown> = {}) {
  return render(Frame, { props: { view, props } });
}

/** The toasts' texts, newest last. */
export const toastTexts = () => within(screen.getByRole('region', { name: 'Notifications' })).queryAllByText(/./, { selector: 'span' }).map((span) => span.textContent);
