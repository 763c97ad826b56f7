import { describe, expect, it } from 'vitest';
import { MessageBodySchema, MessageListSchema } from '../../../src-shared/api/message';

describe('MessageListSchema', () => {
  it('reads threads with nested replies', () => {
    const list = MessageListSchema.parse({
      results: [
        {
          msg_id: 1,
          parent_id: null,
          message: 'Gate code?',
          created: { utc: '2025-04-01 15:00:00' },
          read: false,
          from: { id: 7, name: 'Sam', role: 'provider' },
          to: { id: 12, name: 'Pat', role: 'buyer' },
          replies: [{ msg_id: 2, parent_id: 1, message: '1234', replies: [] }],
        },
      ],
    });
    expect(list.results[0]?.replies?.[0]?.message).toBe('1234');
  });

  it('checks nested replies too', () => {
    expect(MessageListSchema.safeParse({ results: [{ msg_id: 1, replies: [{ msg_id: 'two' }] }] }).success).toBe(false);
  });
});

describe('MessageBodySchema', () => {
  it('needs a non-empty message and nothing else', () => {
    expect(MessageBodySchema.safeParse({ message: 'On my way' }).success).toBe(true);
    expect(MessageBodySchema.safeParse({ message: ' ' }).success).toBe(false);
    expect(MessageBodySchema.safeParse({ message: 'x', to: 7 }).success).toBe(false);
  });
});
