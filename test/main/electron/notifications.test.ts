import { describe, expect, it, vi } from 'vitest';
import { desktopNotifier } from '../../../src-main/electron/notifications';

const notice = { kind: 'refusal', title: 'A change was refused', body: 'Open the Outbox.' } as const;

describe('desktop notifications in Electron', () => {
  it('show a notice while the window is out of sight, not when the app is in front', () => {
    let inFront = false;
    const show = vi.fn();
    const notify = desktopNotifier({ supported: () => true, inFront: () => inFront, show });
    notify(notice);
    expect(show).toHaveBeenCalledWith(notice);
    inFront = true;
    notify(notice);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('stay quiet where the desktop has no notifications', () => {
    const show = vi.fn();
    desktopNotifier({ supported: () => false, inFront: () => false, show })(notice);
    expect(show).not.toHaveBeenCalled();
  });
});
