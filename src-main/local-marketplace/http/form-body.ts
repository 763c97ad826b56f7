/**
 * Every POST and PUT takes a form-encoded body or a JSON object alike (decisions §5). A form body
 * becomes an object of strings; a key repeated, or written `key[]`, becomes an array. Values that
 * the spec calls JSON stay strings here and are parsed by the route's schema (`jsonField`).
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
