import type { Notice } from '../../src-shared/ipc/notices';
import { isDesktop, on } from '../lib/api';
import { appState } from '../lib/app-state.svelte';
import { router } from '../lib/router.svelte';
import { askForNotifications, notificationAccess, type NotificationAccess, showNotification, wasAsked } from '../services/browser-notifications';
import { orderRequest } from './palette.svelte';

/** Where a notice takes the coordinator when clicked. */
function openNotice(notice: Notice): void {
  if (notice.kind === 'refusal') router.go('outbox');
  else if (notice.workOrderId !== undefined) orderRequest.open(notice.workOrderId);
  else if (notice.kind === 'inbox') router.go('inbox');
}

/**
 * Main's notices in browser mode: a browser notification while the page is out of sight, nothing
 * while it is in front (the Inbox and the review queue have their badges, refusals their badge and
 * toast, an upload its progress row; providers' steps reach the cache within a minute, and a toast
 * for each batch would talk over the coordinator's work). The desktop app shows main's notices with
 * its own notifications, and a click on one opens here what it is about.
 */
class Notices {
  access = $state<NotificationAccess>('unsupported');

  start(): () => void {
    // The desktop shell shows main's notices itself, and says when one was clicked.
    if (isDesktop()) return on('notices:did-click', (notice) => openNotice(notice));
    this.access = notificationAccess();
    const stop = on('notices:did-arrive', (notice) => this.#arrive(notice));
    // Asked once, at the coordinator's first gesture: a prompt out of nowhere at launch is refused by habit.
    const askOnce = () => {
      window.removeEventListener('pointerdown', askOnce, true);
      window.removeEventListener('keydown', askOnce, true);
      if (this.access === 'default' && !wasAsked() && appState.settings.notifications) void this.ask();
    };
    window.addEventListener('pointerdown', askOnce, true);
    window.addEventListener('keydown', askOnce, true);
    return () => {
      stop();
      window.removeEventListener('pointerdown', askOnce, true);
      window.removeEventListener('keydown', askOnce, true);
    };
  }

  async ask(): Promise<void> {
    this.access = await askForNotifications();
  }

  #arrive(notice: Notice): void {
    if (!appState.settings.notifications) return;
    const inFront = document.visibilityState === 'visible' && document.hasFocus();
    if (!inFront) showNotification(notice.title, { body: notice.body, tag: notice.kind, onclick: () => openNotice(notice) });
  }
}

export const notices = new Notices();
