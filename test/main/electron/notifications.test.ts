import { describe, expect, it, vi } from 'vitest';
import { refusalNotice, refusalNotifier } from '../../../src-main/electron/notifications';

describe('notifications', () => {
  it('speaks of new refusals only', () => {
    expect(refusalNotice(0, 1)?.title).toBe('A change was refused');
    expect(refusalNotice(1, 4)?.title).toBe('3 changes were refused');
    expect(refusalNotice(2, 2)).toBeUndefined();
    expect(refusalNotice(3, 1)).toBeUndefined();
  });

  it('notifies while the window is out of sight, not for what the last run left, not when the app is in front', () => {
    let inFront = false;
    const show = vi.fn();
    const notify = refusalNotifier({ supported: () => true, inFront: () => inFront, show });
    notify({ refused: 2 });
    expect(show).not.toHaveBeenCalled();
    notify({ refused: 3 });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'A change was refused' }));
    inFront = true;
    notify({ refused: 4 });
    expect(show).toHaveBeenCalledTimes(1);
    inFront = false;
    notify({ refused: 4 });
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('stays quiet where the desktop has no notifications', () => {
    const show = vi.fn();
    const notify = refusalNotifier({ supported: () => false, inFront: () => false, show });
    notify({ refused: 0 });
    notify({ refused: 1 });
    expect(show).not.toHaveBeenCalled();
  });
});
