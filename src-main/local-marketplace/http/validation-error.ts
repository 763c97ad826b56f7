import type { z } from 'zod';
import { invalidInput, type MarketplaceError } from './errors';

/** Issues described in one answer; the rest add nothing a client can act on at once. */
const MAX_ISSUES = 10;
/** Unknown keys named in one answer: a body of 50,000 of them made a 928 KB error body. */
const MAX_NAMED_KEYS = 20;
/** A field is named by its first characters only: one key can be as long as the body limit. */
const MAX_NAME_LENGTH = 100;

const shortName = (name: string) => (name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH)}…` : name);
const pathName = (path: readonly PropertyKey[]) => shortName(path.map(String).join('.'));

/** The fields at fault: an unknown key is reported at its parent's path, so name the key itself. */
function fieldsOf(issue: z.core.$ZodIssue): string[] {
  if (issue.code !== 'unrecognized_keys') return [pathName(issue.path)];
  return issue.keys.slice(0, MAX_NAMED_KEYS).map((key) => pathName([...issue.path, key]));
}

function messageOf(issue: z.core.$ZodIssue): string {
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    // zod's own message lists every key; ours names the first few and counts the rest.
    const named = issue.keys.slice(0, MAX_NAMED_KEYS).map((key) => `"${shortName(key)}"`);
    const more = issue.keys.length - named.length;
    message = `Unrecognized key${issue.keys.length === 1 ? '' : 's'}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  }
  return issue.path.length ? `${pathName(issue.path)}: ${message}` : message;
}

/** A failed parse of one part of a request, as the 400 that names the bad fields. */
export function validationError(error: z.ZodError, where: 'path' | 'query' | 'body'): MarketplaceError {
  const issues = error.issues.slice(0, MAX_ISSUES);
  const fields = issues.flatMap(fieldsOf).filter(Boolean);
  const details = issues.map(messageOf).join('; ');
  return invalidInput(`Invalid ${where === 'path' ? 'path parameter' : where}: ${details}`, fields);
}
