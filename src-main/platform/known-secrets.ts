/**
 * The values of the secrets this process holds (credentials read from or written to the keychain,
 * tokens the marketplace issued). Redaction by key name cannot see a password inside free text,
 * such as a hostile server's error message that echoes the form it was sent; this registry lets
 * `redactText` replace the values themselves wherever they appear.
 *
 * One registry per process, on purpose: secrets are process-wide, and every logger must know them
 * whoever created it.
 */

/** Shorter values would turn common words and numbers in log lines into `[redacted]`. */
export const MIN_KNOWN_SECRET_LENGTH = 6;
/** Tokens are renewed all day; the oldest are forgotten first, so the scan per string stays short. */
const MAX_KNOWN_SECRETS = 64;

/** Each value with its other spellings (JSON-escaped, form-encoded), longest first. */
const known = new Map<string, string[]>();
/** Every spelling of every value, longest first: a secret that contains another is replaced whole. */
let spellings: string[] = [];

export function rememberSecret(value: string | null | undefined): void {
  if (typeof value !== 'string' || value.length < MIN_KNOWN_SECRET_LENGTH) return;
  // Re-inserted so that the one in use is the last to be forgotten.
  known.delete(value);
  known.set(value, spellingsOf(value));
  if (known.size > MAX_KNOWN_SECRETS) known.delete(known.keys().next().value as string);
  spellings = [...new Set([...known.values()].flat())].sort((a, b) => b.length - a.length);
}

/** `text` with every known secret value replaced by `replacement`. */
export function replaceKnownSecrets(text: string, replacement: string): string {
  // A loop of includes() is cheaper than a regular expression for a few dozen literals, and a
  // string holding none of them (nearly every log line) costs one scan per spelling.
  let result = text;
  for (const spelling of spellings) {
    if (result.includes(spelling)) result = result.split(spelling).join(replacement);
  }
  return result;
}

/** For tests: a registry as on a fresh start. */
export function forgetKnownSecrets(): void {
  known.clear();
  spellings = [];
}

/** As the value may appear in a JSON body or a form body the server echoes back. */
function spellingsOf(value: string): string[] {
  const forms = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]);
  return [...forms];
}
