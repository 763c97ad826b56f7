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

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

// Which paths a rule hits. Without `*` the pattern is a prefix of whole segments: `/workorders`
// hits `/workorders` and `/workorders/10001/publish`, not `/workorders-archive`. With `*` it is a
// glob of the whole path: `*` stays within a segment, `**` crosses them (`/workorders/*/publish`).
// The base path may be written or left out. (Line comments: a glob would end a block comment.)
export function pathMatcher(pattern: string): (path: string) => boolean {
  const normalized = restPath(pattern.trim());
  if (normalized.includes('*')) {
    const expression = globToRegExp(normalized);
    return (path) => expression.test(path);
  }
  if (normalized === '/') return () => true;
  return (path) => path === normalized || path.startsWith(`${normalized}/`);
}
