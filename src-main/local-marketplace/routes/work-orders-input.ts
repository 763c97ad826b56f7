import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { booleanField, jsonField } from '../../../src-shared/api/form-fields';
import { WorkOrderSchema } from '../../../src-shared/api/work-order';
import { IdParam } from '../http/route';

/** Path of every route below `workorders/{work_order_id}`. */
export const WorkOrderParams = z.object({ work_order_id: IdParam });

/** What a change answers: the order, or a `__worker` when called with `async=true`. */
export const WorkOrderOrWorker = z.union([WorkOrderSchema, WorkerAnswerSchema]);

const asJson = jsonField(z.unknown());
const asBoolean = booleanField();

function innerType(schema: z.ZodType): string {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner.def.type;
}

/**
 * A work order body may come as JSON or as a form (decisions §5); in a form every value is text.
 * This reads a text value of an object, array or boolean field as its JSON (or `1`/`0`) before
 * the schema, with its refinements, checks the body.
 */
export function acceptingForms<Shape extends z.ZodRawShape, Schema extends z.ZodObject<Shape>>(schema: Schema) {
  const kinds = new Map(Object.entries(schema.shape).map(([key, field]) => [key, innerType(field as z.ZodType)]));
  const fromText = (kind: string | undefined, value: unknown): unknown => {
    if (typeof value !== 'string' || kind === undefined || kind === 'string') return value;
    return kind === 'boolean' ? (asBoolean.safeParse(value).data ?? value) : asJson.parse(value);
  };
  return z.preprocess((body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => {
        const kind = kinds.get(key);
        return [key, Array.isArray(value) && kind === 'array' ? value.map((item) => fromText('object', item)) : fromText(kind, value)];
      }),
    );
  }, schema);
}
