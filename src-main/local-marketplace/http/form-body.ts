import { z } from 'zod';
import { booleanField, jsonField } from '../../../src-shared/api/form-fields';

/**
 * Every POST and PUT takes a form-encoded body or a JSON object alike (decisions §5). A form body
 * becomes an object of strings; a key repeated, or written `key[]`, becomes an array. Values that
 * the spec calls JSON stay strings here and are read by the route's schema (`acceptingForms`).
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const existing = result[key];
    if (existing === undefined) result[key] = isArray ? [value] : value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  // A plain object again, so schemas and spreads behave as with JSON.
  return { ...result };
}

const asJson = jsonField(z.unknown());
const asBoolean = booleanField();

/** The JSON a form field holds; text that is not JSON stays text, for the schema to refuse by name. */
export function readJsonText(value: unknown): unknown {
  return asJson.parse(value);
}

function innerType(schema: z.ZodType): string {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner.def.type;
}

/**
 * A body schema that reads a form as it reads JSON: in a form every value is text, so the text of
 * an object, array, number or boolean field is read as its JSON (or `1`/`0`) before the schema,
 * with its refinements, checks the body.
 */
export function acceptingForms<Shape extends z.ZodRawShape, Schema extends z.ZodObject<Shape>>(schema: Schema) {
  const kinds = new Map(Object.entries(schema.shape).map(([key, field]) => [key, innerType(field as z.ZodType)]));
  const fromText = (kind: string | undefined, value: unknown): unknown => {
    if (typeof value !== 'string' || kind === undefined || kind === 'string') return value;
    return kind === 'boolean' ? (asBoolean.safeParse(value).data ?? value) : readJsonText(value);
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
