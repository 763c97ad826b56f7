import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathMatcher, restPath } from '../../src-main/local-marketplace/faults/path-pattern';

/** What a glob means, written the obvious way (and slow on some inputs, hence not the code's way). */
function globAsRegExp(glob: string): RegExp {
  const source = restPath(glob)
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

describe('fault rule paths', () => {
  it('reads a plain pattern as a prefix of whole segments, with or without the base path', () => {
    const hits = pathMatcher('/api/rest/v2/workorders');
    expect(['/workorders', '/workorders/10001/publish'].map(hits)).toEqual([true, true]);
    expect(hits('/workorders-archive')).toBe(false);
    expect(pathMatcher('/')('/anything/at/all')).toBe(true);
  });

  it('reads `*` within one segment and `**` across them', () => {
    const publish = pathMatcher('/workorders/*/publish');
    expect(['/workorders/10001/publish', '/workorders//publish'].map(publish)).toEqual([true, true]);
    expect(['/workorders/1/2/publish', '/workorders/10001/publish/x'].map(publish)).toEqual([false, false]);
    const deep = pathMatcher('/workorders/**/attachments');
    expect(['/workorders/1/attachments', '/workorders/1/2/3/attachments'].map(deep)).toEqual([true, true]);
    expect(deep('/workorders/attachments')).toBe(false);
    expect(pathMatcher('**')('/company/tags')).toBe(true);
  });

  it('means what the obvious regular expression means', () => {
    const segment = fc.constantFrom('a', 'b', 'ab', '*', '**', '');
    const glob = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    const path = fc.array(fc.constantFrom('a', 'b', 'ab', 'ba', ''), { minLength: 1, maxLength: 6 }).map((parts) => restPath(`/${parts.join('/')}`));
    fc.assert(
      fc.property(glob.filter((candidate) => candidate.includes('*')), path, (pattern, candidate) => {
        expect(pathMatcher(pattern)(candidate)).toBe(globAsRegExp(pattern).test(candidate));
      }),
    );
  });

  it('stays quick for a glob of many `**` against a long path', () => {
    // A backtracking regular expression spends minutes here, and the test would time out.
    const hits = pathMatcher(`/a${'/**'.repeat(12)}/b`);
    expect(hits(`/a${'/x'.repeat(200)}/c`)).toBe(false);
    expect(hits(`/a${'/x'.repeat(200)}/b`)).toBe(true);
    expect(pathMatcher(`/a${'*'.repeat(30)}b`)(`/a${'a'.repeat(500)}`)).toBe(false);
  });
});
