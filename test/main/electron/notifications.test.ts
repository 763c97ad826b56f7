import { describe, expect, it, vi } from 'vitest';
import { desktopNotifier } from '../../../src-main/electron/notifications';

const notice = { kind: 'refusal', title: 'A change was refused', body: 'Open the Outbox.' } as const;

describe('desktop notifications in Electron', () => {
  it('show a notice while the window is out of sight, not when the app is in front', () => {
    let inFront = false;
    const show = vi.fn();
    const notify = desktopNotifier({ supported: () => true, inFront: () => inFront, show, opened: vi.fn() });
    notify(notice);
    expect(show).toHaveBeenCalledWith(notice, expect.any(Function));
    inFront = true;
    notify(notice);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('a click on one says which notice was opened, for the window to open what it is about', () => {
    const clicks: (() => void)[] = [];
    const opened = vi.fn();
    const notify = desktopNotifier({ supported: () => true, inFront: () => false, show: (_notice, onclick) => clicks.push(onclick), opened });
    const another = { ...notice, kind: 'inbox', title: 'A new deliverable to review', workOrderId: 7 } as const;
    notify(notice);
    notify(another);
    clicks[1]?.();
    expect(opened).toHaveBeenCalledExactlyOnceWith(another);
  });

  it('stay quiet where the desktop has no notifications', () => {
    const show = vi.fn();
    desktopNotifier({ supported: () => false, inFront: () => false, show, opened: vi.fn() })(notice);
    expect(show).not.toHaveBeenCalled();
  });
});
