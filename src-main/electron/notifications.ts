// Desktop notifications: only for what needs the coordinator and happened out of sight. A change the
// marketplace refused waits in the conflict inbox; a toast says so when the window is not in front.

export interface Notice {
  title: string;
  body: string;
}

/** What to say when the refused count went from `before` to `after`; nothing when it did not grow. */
export function refusalNotice(before: number, after: number): Notice | undefined {
  const added = after - before;
  if (added <= 0) return undefined;
  return {
    title: added === 1 ? 'A change was refused' : `${added} changes were refused`,
    body: 'The marketplace did not accept it. Open the Outbox to retry, edit or discard.',
  };
}

export interface NotifierDeps {
  /** Whether a notification can be shown here (Electron's `Notification.isSupported()`). */
  supported: () => boolean;
  /** Whether the coordinator is looking at the app (its window focused): then the app says it itself. */
  inFront: () => boolean;
  show: (notice: Notice) => void;
}

/** Follows `outbox:changed` payloads and shows a notice for each new refusal seen out of sight. */
export function refusalNotifier(deps: NotifierDeps): (payload: { refused: number }) => void {
  let refused: number | undefined;
  return ({ refused: now }) => {
    // The first count is what the last run left: those were announced then (or are in the inbox).
    const notice = refused === undefined ? undefined : refusalNotice(refused, now);
    refused = now;
    if (notice && !deps.inFront() && deps.supported()) deps.show(notice);
  };
}
