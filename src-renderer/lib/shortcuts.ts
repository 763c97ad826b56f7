/**
 * The one table of global keyboard shortcuts. App.svelte owns the only `<svelte:window onkeydown>`
 * and hands every key to `handleShortcut`; screens register what they answer while mounted. One
 * table, so the command palette and the `?` sheet (later) list exactly what the handlers do.
 */
export interface Shortcut {
  /** `KeyboardEvent.key` values that trigger it, e.g. `['j', 'ArrowDown']`. */
  keys: readonly string[];
  /** What it does, in the words the `?` sheet will show. */
  description: string;
  run: (event: KeyboardEvent) => void;
}

const registered = new Set<Shortcut>();

/** Adds a shortcut while the caller is mounted; call the returned function on unmount. */
export function registerShortcut(shortcut: Shortcut): () => void {
  registered.add(shortcut);
  return () => registered.delete(shortcut);
}

/** Everything registered now, in registration order, for the `?` sheet and the palette. */
export function listShortcuts(): Shortcut[] {
  return [...registered];
}

/** Typing in a field or working in a dialog must never fire a list shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('dialog, [role="dialog"]')) return true;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function handleShortcut(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (isTypingTarget(event.target)) return;
  // The newest registration wins, so a screen opened over another takes its keys.
  for (const shortcut of [...registered].reverse()) {
    if (!shortcut.keys.includes(event.key)) continue;
    event.preventDefault();
    shortcut.run(event);
    return;
  }
}
