/**
 * Whether a mouse button or a finger is down now. A field shows its problem when it is left, and
 * the words push what is under them down the form: left by pressing a button below, the button
 * would move between press and release and the click would be lost. So a field left during a
 * press shows its problem once the press has ended and its click has run.
 */
let pressed = false;

export function followPointerPress(target: Window): () => void {
  const down = () => (pressed = true);
  const up = () => setTimeout(() => (pressed = false));
  target.addEventListener('pointerdown', down, true);
  target.addEventListener('pointerup', up, true);
  target.addEventListener('pointercancel', up, true);
  return () => {
    target.removeEventListener('pointerdown', down, true);
    target.removeEventListener('pointerup', up, true);
    target.removeEventListener('pointercancel', up, true);
  };
}

/** Runs now, or after the press in progress has ended and its click has been handled. */
export function afterPress(run: () => void): void {
  if (!pressed) return run();
  window.addEventListener('pointerup', () => setTimeout(run), { once: true, capture: true });
}
