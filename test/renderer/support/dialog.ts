/**
 * The modal `<dialog>` as Chromium runs it, for happy-dom (which only toggles `open`):
 *
 * - `showModal()` remembers what had focus and focuses the dialog's `autofocus` element, else its
 *   first focusable one, else the dialog;
 * - Escape, when no keydown handler prevented it, fires a cancelable `cancel` at the topmost open
 *   modal and closes it unless the `cancel` was prevented;
 * - `close()` drops `open`, gives focus back to what had it before `showModal()`, then fires `close`.
 *
 * Our Modal leaves exactly these to the platform; the e2e suite checks the real ones in Chromium.
 */
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function emulateModalDialogs(window: Window & typeof globalThis): void {
  const prototype = window.HTMLDialogElement.prototype;
  const opened: HTMLDialogElement[] = [];
  const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>();
  const topmost = () => opened.filter((dialog) => dialog.isConnected && dialog.open).at(-1);

  prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new window.DOMException('The dialog is already open.', 'InvalidStateError');
    if (!this.isConnected) throw new window.DOMException('The dialog is not connected to the document.', 'InvalidStateError');
    focusedBefore.set(this, window.document.activeElement);
    this.setAttribute('open', '');
    opened.push(this);
    const target = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE) ?? this;
    target.focus();
  };

  prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    opened.splice(opened.indexOf(this), 1);
    const before = focusedBefore.get(this);
    focusedBefore.delete(this);
    if (before instanceof window.HTMLElement && before.isConnected) before.focus();
    this.dispatchEvent(new window.Event('close'));
  };

  // Escape is a close request only when nobody prevented the keydown: judged once every listener ran.
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    queueMicrotask(() => {
      const dialog = topmost();
      if (event.defaultPrevented || !dialog) return;
      if (dialog.dispatchEvent(new window.Event('cancel', { cancelable: true }))) dialog.close();
    });
  });
}
