import { z } from 'zod';
import { ActionsSchema, ListMetadataSchema, TimestampSchema } from './common';

export const MessageParticipantSchema = z.looseObject({
  id: z.number().int().nullish(),
  name: z.string().nullish(),
  role: z.string().nullish(),
  thumbnail: z.string().nullish(),
});
export type MessageParticipant = z.infer<typeof MessageParticipantSchema>;

/** A message thread: replies nest to any depth. */
export const MessageSchema = z.looseObject({
  msg_id: z.number().int(),
  parent_id: z.number().int().nullish(),
  message: z.string().nullish(),
  created: TimestampSchema.nullish(),
  read: z.boolean().nullish(),
  from: MessageParticipantSchema.nullish(),
  to: MessageParticipantSchema.nullish(),
  get replies() {
    return z.array(MessageSchema).nullish();
  },
  actions: ActionsSchema.nullish(),
});
export type Message = z.infer<typeof MessageSchema>;

/** Answer of GET workorders/{id}/messages; decisions §6 shows only `results`. */
export const MessageListSchema = z.looseObject({
  metadata: ListMetadataSchema.nullish(),
  results: z.array(MessageSchema),
  actions: ActionsSchema.nullish(),
  unread: z.number().int().nullish(),
});
export type MessageList = z.infer<typeof MessageListSchema>;

/** Body of POST workorders/{id}/messages (a new thread) and messages/{msg_id} (a reply). */
export const MessageBodySchema = z.strictObject({ message: z.string().trim().min(1) });
export type MessageBody = z.infer<typeof MessageBodySchema>;
