// Functions that run inside the page (Playwright's `page.evaluate`, `addInitScript`), for the list's
// Chromium bench. They are sent as source text, so each is self-contained: no imports, no
// module-level names.

/** What the grid shows once it paints an answer: its row count and the id in its first row. */
export interface GridAnswer {
  rowcount: string;
  firstId: string;
}

export interface KeystrokeTiming {
  /** From the keydown's timestamp to the task after the next frame's rendering (the rows painted). */
  paintedMs: number;
  /** From the keydown to the DOM holding the answer, before that frame. */
  domMs: number;
  /** From the keydown to the `workorders:list` call leaving, and to its answer arriving (main's share is between). */
  sentMs: number;
  answeredMs: number;
}

interface IpcCall {
  channel: string;
  sentAt: number;
  answeredAt?: number;
}

/** What `tapIpc` records: every call to main over the web host's socket, with when it left and came back. */
interface IpcTap {
  calls: Map<number, IpcCall>;
}

type ProbeWindow = Window & { keystrokeProbe?: Promise<KeystrokeTiming>; ipcTap?: IpcTap };

/**
 * An init script: records the calls the page makes to main (web-bridge.ts's frames), so the bench
 * can split a keystroke's time between the renderer and main, and wait for an answer that changes
 * nothing on screen. Measurement only: the frames pass through untouched.
 */
export function tapIpc(): void {
  const tap: IpcTap = { calls: new Map() };
  (window as ProbeWindow).ipcTap = tap;
  const send = WebSocket.prototype.send;
  const heard = new WeakSet<WebSocket>();
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    const invoke = typeof data === 'string' ? /^\{"type":"invoke","id":(\d+),"channel":"([^"]+)"/.exec(data) : null;
    if (invoke) tap.calls.set(Number(invoke[1]), { channel: invoke[2] ?? '', sentAt: performance.now() });
    if (!heard.has(this)) {
      heard.add(this);
      this.addEventListener('message', (event: MessageEvent) => {
        const result = typeof event.data === 'string' ? /^\{"type":"result","id":(\d+)/.exec(event.data) : null;
        const call = result ? tap.calls.get(Number(result[1])) : undefined;
        // When the message reached the page, whichever listener runs first.
        if (call) call.answeredAt = event.timeStamp;
      });
    }
    return send.call(this, data);
  };
}

/** True once every `channel` call made since `since` (performance.now()) is answered, and there was one. */
export function answeredSince({ channel, since }: { channel: string; since: number }): boolean {
  const calls = [...((window as ProbeWindow).ipcTap?.calls.values() ?? [])].filter((call) => call.channel === channel && call.sentAt >= since);
  return calls.length > 0 && calls.every((call) => call.answeredAt !== undefined);
}

/** How many `workorders:list` calls the page made since `since` (performance.now()). */
export function listCallsSince(since: number): number {
  return [...((window as ProbeWindow).ipcTap?.calls.values() ?? [])].filter((call) => call.channel === 'workorders:list' && call.sentAt >= since).length;
}

/**
 * Arms a probe for the next keydown (or the `keydowns`th from now: the last key of a word typed in
 * one go): it settles when the grid shows `expected` and a frame has rendered it. Watches the DOM,
 * not the app's state, so it measures what the user sees; the answer is known beforehand (the bench
 * asks the cache), so a stale answer painted first does not count.
 */
export function armKeystrokeProbe({ expected, keydowns = 1 }: { expected: GridAnswer; keydowns?: number }): void {
  const probeWindow = window as ProbeWindow;
  probeWindow.keystrokeProbe = new Promise<KeystrokeTiming>((resolve, reject) => {
    let keyAt: number | undefined;
    const shows = () => {
      const grid = document.querySelector('[role="grid"]');
      // Any cell, not the first: the row's columns may change (a selection box came first).
      const cells = grid?.querySelectorAll('[role="rowgroup"] [aria-rowindex="2"] [role="gridcell"]') ?? [];
      return grid?.getAttribute('aria-rowcount') === expected.rowcount && [...cells].some((cell) => cell.textContent?.trim() === expected.firstId);
    };
    const observer = new MutationObserver(() => {
      if (keyAt === undefined || !shows()) return;
      observer.disconnect();
      clearTimeout(timer);
      const domAt = performance.now();
      const started = keyAt;
      // A message posted from a frame callback runs after that frame's style, layout and paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          // The call that brought this answer: the last list call answered. Read now, not at the DOM change:
          // the tap hears a message after the page's own listener, whose microtasks painted the DOM already.
          const answered = [...((window as ProbeWindow).ipcTap?.calls.values() ?? [])].filter((call) => call.channel === 'workorders:list' && call.sentAt >= started && call.answeredAt !== undefined && call.answeredAt <= domAt);
          const call = answered.at(-1);
          resolve({
            paintedMs: performance.now() - started,
            domMs: domAt - started,
            sentMs: (call?.sentAt ?? Number.NaN) - started,
            answeredMs: (call?.answeredAt ?? Number.NaN) - started,
          });
        };
        channel.port2.postMessage(null);
      });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      const grid = document.querySelector('[role="grid"]');
      reject(new Error(`the grid did not show ${JSON.stringify(expected)} in 10 s; it shows ${grid?.getAttribute('aria-rowcount')} rows`));
    }, 10_000);
    let left = keydowns;
    const onKeydown = (event: KeyboardEvent) => {
      left -= 1;
      if (left > 0) return;
      document.removeEventListener('keydown', onKeydown, { capture: true });
      // The event's own timestamp is when the input reached the page; it shares performance.now()'s clock.
      keyAt = event.timeStamp > 0 ? event.timeStamp : performance.now();
    };
    document.addEventListener('keydown', onKeydown, { capture: true });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Waits for the probe `armKeystrokeProbe` set. */
export function keystrokeProbeResult(): Promise<KeystrokeTiming> | undefined {
  return (window as ProbeWindow).keystrokeProbe;
}

export interface ScrollRun {
  /** Intervals between consecutive animation frames, ms. */
  frameMs: number[];
  /** Long animation frames (over 50 ms) Chromium reported while scrolling, their durations. */
  longFrameMs: number[];
  /** Frames at whose start some row on screen was still a placeholder (its page not loaded). */
  placeholderFrames: number;
  scrolledPx: number;
  /** From the last scroll step to the first frame with every row on screen loaded; NaN when the grid gave way to another state. */
  settledMs: number;
  /** What replaced the grid, if anything did (an error state). */
  replacedBy?: string;
}

/**
 * Scrolls the grid's viewport from the top by `stepPx` at every animation frame, `frames` times,
 * and records the frame intervals: as a wheel (small steps) or a dragged scrollbar (large ones).
 */
export async function scrollGrid({ stepPx, frames }: { stepPx: number; frames: number }): Promise<ScrollRun> {
  // The rows' rowgroup scrolls itself (WorkOrderTable), or a box around it does.
  const rowgroups = [...document.querySelectorAll<HTMLElement>('[role="grid"] [role="rowgroup"]')];
  const rowgroup = rowgroups.find((group) => group.scrollHeight > group.clientHeight) ?? rowgroups.at(-1);
  let viewport: HTMLElement | null | undefined = rowgroup;
  while (viewport && viewport.scrollHeight <= viewport.clientHeight) viewport = viewport.parentElement;
  if (!rowgroup || !viewport) throw new Error('no scrollable grid on the page');
  const scroller = viewport;
  scroller.scrollTop = 0;
  await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
  const longFrameMs: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longFrameMs.push(entry.duration);
  });
  // Chromium 123+; older ones leave the list empty rather than fail the run.
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) observer.observe({ type: 'long-animation-frame' });
  const frameMs: number[] = [];
  let placeholderFrames = 0;
  await new Promise<void>((done) => {
    let previous: number | undefined;
    let count = 0;
    const frame = (time: number) => {
      if (previous !== undefined) frameMs.push(time - previous);
      previous = time;
      if (rowgroup.querySelector('[aria-busy="true"]')) placeholderFrames += 1;
      if (count === frames) {
        done();
        return;
      }
      count += 1;
      scroller.scrollTop += stepPx;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const stopped = performance.now();
  // The frame entries of the last steps come in meanwhile; the pages asked for while scrolling arrive.
  const settledMs = await new Promise<number>((settled, failed) => {
    const frame = () => {
      if (!rowgroup.isConnected) settled(Number.NaN);
      else if (!rowgroup.querySelector('[aria-busy="true"]')) settled(performance.now() - stopped);
      else if (performance.now() - stopped > 120_000) failed(new Error('rows on screen still loading 120 s after the scrolling stopped'));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  for (const entry of observer.takeRecords()) longFrameMs.push(entry.duration);
  observer.disconnect();
  const replacedBy = rowgroup.isConnected ? undefined : (document.querySelector('[role="alert"]')?.textContent?.trim() ?? 'the grid is gone');
  return { frameMs, longFrameMs, placeholderFrames, scrolledPx: scroller.scrollTop, settledMs, replacedBy };
}
