import { REST_API_BASE_PATH } from '../../../src-shared/api/common';

/**
 * A REST path as fault rules see it: below the base path, with a leading slash and no trailing
 * one (the router ignores trailing slashes, so rules do too). The query is not part of it.
 */
export function restPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const below = path === REST_API_BASE_PATH || path.startsWith(`${REST_API_BASE_PATH}/`) ? path.slice(REST_API_BASE_PATH.length) : path;
  const rooted = below.startsWith('/') ? below : `/${below}`;
  return rooted.length > 1 ? rooted.replace(/\/+$/, '') || '/' : rooted;
}

/** A glob's parts: text to match as is, `*` (any run within a segment) or `**` (any run at all). */
type GlobPart = { text: string } | { star: '*' | '**' };

function globParts(glob: string): GlobPart[] {
  return glob
    .split(/(\*\*|\*)/)
    .filter((part) => part !== '')
    .map((part) => (part === '**' || part === '*' ? { star: part } : { text: part }));
}

// Not a RegExp: every REST request is tested against every rule, and a backtracking `.*` per `**`
// makes a few of them cost minutes on a long path. Here one pass per part keeps, as a set of
// positions, where the path may stand after that part: time is parts × path length, whatever
// the glob.
function globMatcher(glob: string): (path: string) => boolean {
  const parts = globParts(glob);
  return (path) => {
    let reachable = new Uint8Array(path.length + 1);
    reachable[0] = 1;
    for (const part of parts) {
      const next = new Uint8Array(path.length + 1);
      let reached = false;
      for (let from = 0; from <= path.length; from += 1) {
        if (!reachable[from]) continue;
        if ('text' in part) {
          if (path.startsWith(part.text, from)) {
            next[from + part.text.length] = 1;
            reached = true;
          }
          continue;
        }
        // A star reaches every position from here on (`*` only up to the segment's end); positions
        // already marked were reached by an earlier start, and so was everything after them.
        for (let to = from; to <= path.length && !next[to]; to += 1) {
          next[to] = 1;
          reached = true;
          if (part.star === '*' && path[to] === '/') break;
        }
      }
      if (!reached) return false;
      reachable = next;
    }
    return reachable[path.length] === 1;
  };
}

// Which paths a rule hits. Without `*` the pattern is a prefix of whole segments: `/workorders`
// hits `/workorders` and `/workorders/10001/publish`, not `/workorders-archive`. With `*` it is a
// glob of the whole path: `*` stays within a segment, `**` crosses them (`/workorders/*/publish`).
// The base path may be written or left out. (Line comments: a glob would end a block comment.)
export function pathMatcher(pattern: string): (path: string) => boolean {
  const normalized = restPath(pattern.trim());
  if (normalized.includes('*')) return globMatcher(normalized);
  if (normalized === '/') return () => true;
  return (path) => path === normalized || path.startsWith(`${normalized}/`);
}
