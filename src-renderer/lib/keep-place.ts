/**
 * Where the coordinator should be after a queue changed from `before` to `after`: on the same
 * entry while it is there; when it left (handled elsewhere, or filtered out), on the first entry
 * that followed it and is still there, else the nearest one before it, else the first. New entries
 * arriving never move the place. Deliverables and the Inbox keep their place with it.
 */
export function keepPlace<T, K>(before: readonly T[], after: readonly T[], key: K | undefined, keyOf: (entry: T) => K): K | undefined {
  const present = new Set(after.map(keyOf));
  if (key !== undefined && present.has(key)) return key;
  const at = key === undefined ? -1 : before.findIndex((entry) => keyOf(entry) === key);
  if (at >= 0) {
    const following = before.slice(at + 1).find((entry) => present.has(keyOf(entry)));
    if (following) return keyOf(following);
    const preceding = before
      .slice(0, at)
      .reverse()
      .find((entry) => present.has(keyOf(entry)));
    if (preceding) return keyOf(preceding);
  }
  const first = after[0];
  return first === undefined ? undefined : keyOf(first);
}
