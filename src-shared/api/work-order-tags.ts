import { z } from 'zod';
import { jsonField } from './form-fields';

/**
 * Body of POST workorders/{id}/tags: `tag={"id":N}`, a JSON value or a JSON string in a form
 * field (decisions §5, §6). Loose: the service's clients send their whole Tag model; only the id counts.
 */
export const ApplyTagBodySchema = z.strictObject({
  tag: jsonField(z.looseObject({ id: z.number().int().positive() })),
});
export type ApplyTagBody = z.infer<typeof ApplyTagBodySchema>;
