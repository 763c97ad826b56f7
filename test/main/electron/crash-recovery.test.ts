import { describe, expect, it, vi } from 'vitest';
import { crashRecovery } from '../../../src-main/electron/crash-recovery';

function setUp() {
  let time = 1_000_000;
  const told: string[] = [];
  const logged: [string, Record<string, unknown>][] = [];
  const reload = vi.fn();
  const recovery = crashRecovery({ reload, tell: (message) => told.push(message), log: (message, details) => logged.push([message, details]), now: () => time });
  return { recovery, reload, told, logged, advance: (ms: number) => (time += ms) };
}

describe('when the window’s renderer is gone', () => {
  it('reloads the window and says what happened, in words, with the outbox safe', () => {
    const { recovery, reload, told, logged } = setUp();
    recovery.rendererGone({ reason: 'oom', exitCode: 9 });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(told).toEqual(["Field Desk's window ran out of memory and was reloaded. Nothing you queued was lost: changes wait in the outbox, which lives outside the window."]);
    expect(logged).toEqual([['electron: the window’s renderer is gone', { reason: 'oom', exitCode: 9 }]]);
  });

  it('does nothing for a clean exit (the window closing)', () => {
    const { recovery, reload, told } = setUp();
    recovery.rendererGone({ reason: 'clean-exit', exitCode: 0 });
    expect(reload).not.toHaveBeenCalled();
    expect(told).toEqual([]);
  });

  it('stops reloading after two crashes within a minute, and reloads again once a minute has passed', () => {
    const { recovery, reload, told, advance } = setUp();
    recovery.rendererGone({ reason: 'crashed' });
    advance(10_000);
    recovery.rendererGone({ reason: 'crashed' });
    advance(10_000);
    recovery.rendererGone({ reason: 'crashed' });
    expect(reload).toHaveBeenCalledTimes(2);
    expect(told.at(-1)).toContain('the third time within a minute, so it was not reloaded');
    advance(60_000);
    recovery.rendererGone({ reason: 'killed' });
    expect(reload).toHaveBeenCalledTimes(3);
    expect(told.at(-1)).toBe("Field Desk's window was stopped by the system and was reloaded. Nothing you queued was lost: changes wait in the outbox, which lives outside the window.");
  });
});

describe('when another Chromium process is gone', () => {
  it('reloads the window for a lost GPU process, and only logs the ones Chromium restarts itself', () => {
    const { recovery, reload, told, logged } = setUp();
    recovery.childGone({ type: 'Utility', reason: 'crashed', name: 'Network Service' });
    expect(reload).not.toHaveBeenCalled();
    expect(logged).toHaveLength(1);
    recovery.childGone({ type: 'GPU', reason: 'crashed' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(told).toEqual(["Field Desk's display crashed and was reloaded. Nothing you queued was lost: changes wait in the outbox, which lives outside the window."]);
  });
});
