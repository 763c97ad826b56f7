import { z } from 'zod';

/**
 * Limits of free-form JSON a request may carry (custom fields, contacts, tasks: shapes the spec
 * does not show). Far above what a work order's fields need, far below what would make a
 * recursive `JSON.stringify` or a database row fail.
 */
export const JSON_MAX_DEPTH = 32;
/** About the length of the value written as JSON. */
export const JSON_MAX_SIZE = 256 * 1024;

/** Depth and approximate JSON length, walked without recursion so no input can overflow the stack. */
export function measureJson(value: unknown, limits = { depth: JSON_MAX_DEPTH, size: JSON_MAX_SIZE }): 'depth' | 'size' | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let size = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current === 'string') size += current.length + 2;
    else if (current === null || typeof current !== 'object') size += 8;
    else {
      if (depth >= limits.depth) return 'depth';
      const entries = Array.isArray(current) ? current.map((item) => ['', item] as const) : Object.entries(current);
      size += 2;
      for (const [key, item] of entries) {
        size += key.length + 4;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
    if (size > limits.size) return 'size';
  }
  return undefined;
}

/** A JSON object of any shape within `JSON_MAX_DEPTH` levels and about `JSON_MAX_SIZE` characters. */
export const BoundedJsonObjectSchema = z.record(z.string(), z.unknown()).superRefine((value, context) => {
  const exceeded = measureJson(value);
  if (exceeded === 'depth') context.addIssue({ code: 'custom', message: `Nested deeper than ${JSON_MAX_DEPTH} levels` });
  if (exceeded === 'size') context.addIssue({ code: 'custom', message: `Larger than ${JSON_MAX_SIZE / 1024} KiB` });
});
