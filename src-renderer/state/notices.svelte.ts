import type { Notice } from '../../src-shared/ipc/notices';
import { isDesktop, on } from '../lib/api';
import { appState } from '../lib/app-state.svelte';
import { router } from '../lib/router.svelte';
import { askForNotifications, notificationAccess, type NotificationAccess, showNotification, wasAsked } from '../services/browser-notifications';
import { orderRequest } from './palette.svelte';
import { toasts } from '../lib/toasts.svelte';

/** Where a notice takes the coordinator when clicked. */
function openNotice(notice: Notice): void {
  if (notice.kind === 'refusal') router.go('outbox');
  else if (notice.workOrderId !== undefined) orderRequest.open(notice.workOrderId);
  else if (notice.kind === 'inbox') router.go('inbox');
}

/**
 * Main's notices in browser mode: a browser notification while the page is out of sight, a toast
 * for new Inbox items while it is in front (refusals have their badge and toast already, an upload
 * its progress row). The desktop app shows main's notices with its own notifications.
 */
class Notices {
  access = $state<NotificationAccess>('unsupported');

  start(): () => void {
    if (isDesktop()) return () => undefined;
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
    if (!inFront) {
      showNotification(notice.title, { body: notice.body, tag: notice.kind, onclick: () => openNotice(notice) });
    } else if (notice.kind === 'inbox') {
      toasts.show({ message: notice.title, action: { label: 'Open', run: () => openNotice(notice) } });
    }
  }
}

export const notices = new Notices();
