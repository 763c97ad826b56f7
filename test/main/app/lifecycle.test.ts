import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { Lifecycle } from '../../../src-main/app/lifecycle';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => (error instanceof AppError ? error.code : String(error)));

describe('a lifecycle', () => {
  it('closes only after every call and tracked task has settled, then releases', async () => {
    const lifecycle = new Lifecycle();
    const call = deferred<number>();
    const task = deferred();
    const order: string[] = [];
    const running = lifecycle.run(() => call.promise);
    lifecycle.track(task.promise.then(() => order.push('task')));
    const closing = lifecycle.close(
      () => void order.push('stop'),
      () => void order.push('release'),
    );
    expect(lifecycle.state).toBe('closing');
    expect(lifecycle.signal.aborted).toBe(true);
    call.resolve(7);
    // A call that finishes while closing keeps its answer; only a failure becomes the switch.
    expect(await running).toBe(7);
    task.resolve();
    await closing;
    expect(order).toEqual(['stop', 'task', 'release']);
    expect(lifecycle.state).toBe('closed');
  });

  it('refuses calls once closing with its own code, and closing twice is one close', async () => {
    const lifecycle = new Lifecycle('API_ABORTED');
    let released = 0;
    const first = lifecycle.close(() => undefined, () => void (released += 1));
    const second = lifecycle.close(() => undefined, () => void (released += 1));
    expect(await codeOf(lifecycle.run(() => 1))).toBe('API_ABORTED');
    await Promise.all([first, second]);
    expect(released).toBe(1);
  });

  it('answers a call with its own value or error while open', async () => {
    const lifecycle = new Lifecycle();
    expect(await lifecycle.run(() => 42)).toBe(42);
    expect(await codeOf(lifecycle.run(() => Promise.reject(new AppError('WORK_ORDER_NOT_FOUND'))))).toBe('WORK_ORDER_NOT_FOUND');
  });
});
