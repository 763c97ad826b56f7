import { z } from 'zod';

/*
 * Every POST and PUT takes a form-encoded body or a JSON object alike
 * (decisions §5), and query parameters are always strings. These wrappers let
 * one schema read both: the value itself, or its textual form.
 */

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Leave the text as it is so the wrapped schema reports what was expected.
    return text;
  }
}

/** A parameter the spec calls JSON: a nested value, or a JSON string of it in a form field. */
export function jsonField<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (typeof value === 'string' ? parseJsonText(value) : value), schema);
}

const INTEGER_TEXT = /^-?\d+$/;

/** An integer that may arrive as decimal text; `schema` adds the range checks. */
export function integerField<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : value),
    schema,
  );
}

const BOOLEAN_TEXT: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/** A boolean that may arrive as `true`/`false`/`1`/`0` text. */
export function booleanField() {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (BOOLEAN_TEXT.get(value.trim().toLowerCase()) ?? value) : value),
    z.boolean(),
  );
}

/** The optional `async` query parameter most operations take (spec, general rule 5). */
export const AsyncQuerySchema = z.object({ async: booleanField().optional() });
export type AsyncQuery = z.infer<typeof AsyncQuerySchema>;

/**
 * The highest page number a list query takes. (page − 1) × per_page stays an exact integer and a
 * realistic SQL offset; a larger page could only be a typo or a probe, and answers 400.
 */
export const MAX_PAGE_NUMBER = 1_000_000;

/** A list query's `page`: a positive whole number, from JSON or a query string. */
export const PageNumberSchema = integerField(z.number().int().min(1).max(MAX_PAGE_NUMBER));
