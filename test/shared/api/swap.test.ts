import { describe, expect, it } from 'vitest';
import { SwapAnswerSchema, SwapRequestIdSchema } from '../../../src-shared/api/swap';

describe('swaps', () => {
  it('reads the accept/decline answer and string request ids', () => {
    expect(SwapAnswerSchema.parse({ success: true })).toEqual({ success: true });
    expect(SwapAnswerSchema.safeParse({}).success).toBe(false);
    expect(SwapRequestIdSchema.safeParse('swap-1').success).toBe(true);
    expect(SwapRequestIdSchema.safeParse('').success).toBe(false);
  });
});
