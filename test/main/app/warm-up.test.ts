import { describe, expect, it } from 'vitest';
import { warmUp } from '../../../src-main/app/warm-up';
import { createDispatcher } from '../../../src-main/ipc/dispatcher';
import { appUnderTest } from './support';

describe('warm-up at launch', () => {
  it('answers every first call a window makes, as the window asks it, without signing in or syncing', async () => {
    const { app, progress } = appUnderTest();
    const answered = await warmUp(createDispatcher({ handlers: app.handlers, isTrustedSender: () => true, logger: app.logger }));
    // A channel renamed or an input changed would make one false here before a window met it.
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.every(Boolean)).toBe(true);
    expect(progress).toEqual([]);
  });
});
