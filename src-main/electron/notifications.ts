import type { Notice } from '../../src-shared/ipc/notices';

// Desktop notifications in the Electron shell. What is news is decided in `app/notices.ts`; here
// only whether to show it: when the window is out of sight and the OS can.

export interface NotifierDeps {
  /** Whether a notification can be shown here (Electron's `Notification.isSupported()`). */
  supported: () => boolean;
  /** Whether the coordinator is looking at the app (its window focused): then the app says it itself. */
  inFront: () => boolean;
  /** Shows the notification; `onclick` is called when the coordinator clicks it. */
  show: (notice: Notice, onclick: () => void) => void;
  /** A notification was clicked: the window comes to the front and opens what it is about. */
  opened: (notice: Notice) => void;
}

/** Shows each `notices:did-arrive` payload that arrives while the window is out of sight. */
export function desktopNotifier(deps: NotifierDeps): (notice: Notice) => void {
  return (notice) => {
    if (!deps.inFront() && deps.supported()) deps.show(notice, () => deps.opened(notice));
  };
}
