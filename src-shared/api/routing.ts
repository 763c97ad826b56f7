import { z } from 'zod';
import { integerField, jsonField } from './form-fields';

export const RouteSchema = z.strictObject({
  technician: z.strictObject({ id: z.number().int().positive() }),
});
export type Route = z.infer<typeof RouteSchema>;

/** Body of POST and DELETE workorders/{id}/route: `route={"technician":{"id":N}}`. */
export const RouteBodySchema = z.strictObject({ route: jsonField(RouteSchema) });
export type RouteBody = z.infer<typeof RouteBodySchema>;

/**
 * Body of POST workorders/{id}/assignee. The spec types `assignee` as a string
 * because it travels in a form; its content is the provider's user id.
 */
export const AssigneeBodySchema = z.strictObject({
  assignee: integerField(z.number().int().positive()),
});
export type AssigneeBody = z.infer<typeof AssigneeBodySchema>;
