/** Keys whose values are secrets wherever they appear: in objects, query strings or form bodies. */
const SECRET_KEYS = ['access_token', 'refresh_token', 'client_secret', 'password', 'svc-token', 'secret', 'token'];

const secretKeyPattern = new RegExp(`^(${SECRET_KEYS.map(escape).join('|')})$`, 'i');
const secretParamPattern = new RegExp(`((?:${SECRET_KEYS.map(escape).join('|')})["']?\\s*[=:]\\s*["']?)[^&\\s"',}]+`, 'gi');

export const REDACTED = '[redacted]';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

export function redactText(text: string): string {
  return text.replace(secretParamPattern, `$1${REDACTED}`);
}

/** A deep copy with every secret replaced; safe to log or to put in an error. */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), stack: value.stack ? redactText(value.stack) : undefined };
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = secretKeyPattern.test(key) ? REDACTED : redact(item, seen);
  }
  return copy;
}
