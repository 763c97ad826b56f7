import { describe, expect, it, vi } from 'vitest';
import { allOrNone } from '../../../src-main/sync/concurrency';
import { WriteBehind } from '../../../src-main/sync/write-behind';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('writing behind the fetching', () => {
  it('writes the pages handed over within its delay together, once it has passed; a flush writes at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const writes: number[][] = [];
      const writer = new WriteBehind<number>((items) => writes.push(items), 100, 1);
      await writer.add([1, 2]);
      await vi.advanceTimersByTimeAsync(0.5);
      // A page answered in the same round, half a millisecond later: it goes with the first.
      await writer.add([3]);
      expect(writes).toEqual([]);
      await vi.advanceTimersByTimeAsync(0.5);
      expect(writes).toEqual([[1, 2, 3]]);
      await writer.add([4]);
      writer.flush();
      expect(writes).toEqual([[1, 2, 3], [4]]);
      // The flush took the timer's place: nothing is written twice.
      await vi.advanceTimersByTimeAsync(5);
      expect(writes).toEqual([[1, 2, 3], [4]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a lane back while more than the high water mark waits, until the next write', async () => {
    const writes: number[][] = [];
    const writer = new WriteBehind<number>((items) => writes.push(items), 2);
    let released = false;
    const held = writer.add([1, 2, 3]).then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);
    await held;
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('fails the waiting lanes, later pages and the flush with the write’s error, and writes nothing more', async () => {
    let calls = 0;
    const writer = new WriteBehind<number>(() => {
      calls += 1;
      throw new Error('disk full');
    }, 1);
    await expect(writer.add([1, 2])).rejects.toThrow('disk full');
    await expect(writer.add([3])).rejects.toThrow('disk full');
    expect(() => writer.flush()).toThrow('disk full');
    expect(calls).toBe(1);
  });
});

describe('tasks side by side', () => {
  it('answers every result in the order given', async () => {
    await expect(allOrNone<[number, string]>(new AbortController().signal, [async () => 1, async () => 'two'])).resolves.toEqual([1, 'two']);
  });

  it('aborts the others on the first failure and rethrows it once all have settled', async () => {
    let otherSettled = false;
    const run = allOrNone<[void, void]>(new AbortController().signal, [
      (signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            otherSettled = true;
            reject(new Error('aborted'));
          });
        }),
      async () => {
        await nextTurn();
        throw new Error('network down');
      },
    ]);
    await expect(run).rejects.toThrow('network down');
    expect(otherSettled).toBe(true);
  });

  it('aborts every task when the caller’s signal aborts', async () => {
    const controller = new AbortController();
    const run = allOrNone<[void]>(controller.signal, [
      (signal) => new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
    ]);
    controller.abort(new Error('cancelled'));
    await expect(run).rejects.toThrow('cancelled');
  });
});
