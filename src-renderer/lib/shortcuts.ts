/**
 * The one table of global keyboard shortcuts. App.svelte owns the only `<svelte:window onkeydown>`
 * and hands every key to `handleShortcut`; screens register what they answer while mounted. One
 * table, so the command palette and the `?` sheet list exactly what the handlers do.
 *
 * A key is a `KeyboardEvent.key` value (`j`, `ArrowDown`, `?`), `Mod+k` (Ctrl, or Cmd on a Mac),
 * or a two-key sequence written with a space (`g d`: g, then d within a second).
 */
export type ShortcutGroup = 'General' | 'Go to' | 'List' | 'Actions';

export interface Shortcut {
  keys: readonly string[];
  /** What it does, in the words the `?` sheet and the palette show. */
  description: string;
  group: ShortcutGroup;
  /** Also while typing in a field (the palette's Mod+k); off for single letters. */
  whileTyping?: boolean;
  run: (event?: KeyboardEvent) => void;
}

const SEQUENCE_WINDOW_MS = 1_000;
const registered = new Set<Shortcut>();
let prefix: { key: string; at: number } | undefined;

/** Adds a shortcut while the caller is mounted; call the returned function on unmount. */
export function registerShortcut(shortcut: Shortcut): () => void {
  registered.add(shortcut);
  return () => registered.delete(shortcut);
}

/** Everything registered now, in registration order, for the `?` sheet and the palette. */
export function listShortcuts(): Shortcut[] {
  return [...registered];
}

/** `Mod+k` → "Ctrl K" (⌘ K on a Mac), `g d` → "G D", `ArrowDown` → "↓": as the sheet shows a key. */
export function keyLabel(key: string): string {
  const mac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
  const names: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', Escape: 'Esc', Enter: 'Enter', Delete: 'Del', ' ': 'Space' };
  return key
    .split(' ')
    .map((part) => (part.startsWith('Mod+') ? `${mac ? '⌘' : 'Ctrl'} ${part.slice(4).toUpperCase()}` : (names[part] ?? (part.length === 1 ? part.toUpperCase() : part))))
    .join(' ');
}

/** Typing in a field or working in a dialog must never fire a list shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('dialog, [role="dialog"], [role="menu"]')) return true;
  // A checkbox or a radio takes no letters: a row's selection box keeps the list's keys working.
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Enter and Space on a button, a link or a checkbox are that control's own: never a list shortcut. */
function isControlKey(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false;
  return event.target instanceof HTMLElement && event.target.closest('button, a[href], summary, [role="button"], [role="menuitem"], [role="option"], input') !== null;
}

function keyOf(event: KeyboardEvent): string | undefined {
  if (event.altKey) return undefined;
  if (event.ctrlKey || event.metaKey) return event.key.length === 1 ? `Mod+${event.key.toLowerCase()}` : undefined;
  return event.key;
}

function find(key: string, typing: boolean): Shortcut | undefined {
  // The newest registration wins, so a screen opened over another takes its keys.
  return [...registered].reverse().find((shortcut) => shortcut.keys.includes(key) && (!typing || shortcut.whileTyping));
}

export function handleShortcut(event: KeyboardEvent): void {
  if (event.defaultPrevented || isControlKey(event)) return;
  const key = keyOf(event);
  if (!key) return;
  const typing = isTypingTarget(event.target);
  const now = Date.now();
  const sequence = prefix && now - prefix.at <= SEQUENCE_WINDOW_MS ? `${prefix.key} ${key}` : undefined;
  prefix = undefined;
  const shortcut = (sequence && find(sequence, typing)) || find(key, typing);
  if (shortcut) {
    event.preventDefault();
    shortcut.run(event);
    return;
  }
  // The first key of a sequence waits for the second.
  if (!typing && [...registered].some((candidate) => candidate.keys.some((keys) => keys.startsWith(`${key} `)))) {
    event.preventDefault();
    prefix = { key, at: now };
  }
}
