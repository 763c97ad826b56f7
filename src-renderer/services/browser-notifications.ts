// The page's own notifications, for browser mode; the desktop app shows main's notices itself.

export type NotificationAccess = NotificationPermission | 'unsupported';

const ASKED_KEY = 'field-desk:notifications-asked';

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Whether this browser profile was already asked once (a dismissed prompt leaves the permission at `default`). */
export function wasAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) !== null;
  } catch {
    return true;
  }
}

export async function askForNotifications(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    // Private windows may refuse storage; the browser still remembers its own answer.
  }
  return Notification.requestPermission();
}

export function showNotification(title: string, options: { body: string; tag: string; onclick: () => void }): void {
  if (notificationAccess() !== 'granted') return;
  const notification = new Notification(title, { body: options.body, tag: options.tag });
  notification.onclick = () => {
    window.focus();
    options.onclick();
    notification.close();
  };
}
