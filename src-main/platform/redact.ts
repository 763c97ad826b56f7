import { replaceKnownSecrets } from './known-secrets';

/**
 * Names whose values are secrets wherever they appear: object keys, query strings, form bodies,
 * JSON text. Keys are compared without case, `_` or `-`, so `client_secret`, `clientSecret` and
 * `Client-Secret` are one name: the wire uses snake_case, our own objects use camelCase.
 */
const SECRET_NAMES = ['accesstoken', 'refreshtoken', 'clientsecret', 'password', 'svctoken', 'secret', 'token', 'authorization'];
const SECRET_NAME_SET = new Set(SECRET_NAMES);

// In text a name may be written any of those ways; `[-_]?` between letters covers them. The value
// is a quoted string (up to its closing quote, spaces included) or a bare run up to a separator.
const namePattern = SECRET_NAMES.map((name) => [...name].join('[-_]?')).join('|');
const secretParamPattern = new RegExp(`((?:${namePattern})["']?\\s*[=:]\\s*)("(?:[^"\\\\]|\\\\.)*"|'[^']*'|[^&\\s"',}]+)`, 'gi');

export const REDACTED = '[redacted]';

function isSecretKey(key: string): boolean {
  return SECRET_NAME_SET.has(key.toLowerCase().replace(/[-_]/g, ''));
}

/** Secrets named in the text (`password=…`), and the values of the secrets this process holds wherever they appear. */
export function redactText(text: string): string {
  const named = text.replace(secretParamPattern, (_match, name: string, value: string) => {
    const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
    return `${name}${quote}${REDACTED}${quote}`;
  });
  return replaceKnownSecrets(named, REDACTED);
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
    copy[key] = isSecretKey(key) ? REDACTED : redact(item, seen);
  }
  return copy;
}
