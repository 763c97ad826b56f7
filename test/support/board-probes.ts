// Functions that run inside the page (Playwright's `page.evaluate`), for the dispatch board's
// Chromium bench. They are sent as source text, so each is self-contained: no imports, no
// module-level names.

/** What the board shows once a period's answer is painted: its heading, and each provider's block ids. */
export interface BoardAnswer {
  range: string;
  /** The period as `from-to` (epoch ms): the board marks which answer it draws with it. */
  period: string;
  /** Provider name (a row's label) to the ids of its blocks, sorted and joined by commas. */
  rows: Record<string, string>;
}

export interface PaintTiming {
  /** From the input (the click's or key's timestamp, or the dispatched drop) to the task after the frame that rendered it. */
  paintedMs: number;
  /** From the input to the DOM showing it, before that frame. */
  domMs: number;
  /** For a period: from the click to its `dispatch:board` call leaving, and to its answer arriving (main's share is between). */
  sentMs?: number;
  answeredMs?: number;
}

interface TappedCall {
  channel: string;
  sentAt: number;
  answeredAt?: number;
}

type ProbeWindow = Window & { boardProbe?: Promise<PaintTiming>; ipcTap?: { calls: Map<number, TappedCall> } };

/**
 * Arms a probe for the next click: it settles when the board shows `expected` (the heading, and
 * in every provider row it renders only that provider's blocks, those in view) and a frame has rendered it.
 * Watches the DOM, not the app's state: the period changes at once on the click, the blocks only
 * once main's answer is drawn, and the other period's rows never match.
 */
export function armPeriodProbe(expected: BoardAnswer): void {
  const probeWindow = window as ProbeWindow;
  probeWindow.boardProbe = new Promise<PaintTiming>((resolve, reject) => {
    let clickAt: number | undefined;
    const board = document.querySelector('[aria-label="Dispatch board"]');
    if (!board) throw new Error('no dispatch board on the page');
    /** Why the board does not show it yet; undefined once it does. */
    const differs = (): string | undefined => {
      const range = board.querySelector('h2')?.textContent?.trim();
      if (range !== expected.range) return `the heading says ${range}`;
      const drawnPeriod = board.querySelector('[data-answer]')?.getAttribute('data-answer');
      if (drawnPeriod !== expected.period) return `the board draws the answer for ${drawnPeriod}`;
      const rows = board.querySelectorAll('ul[aria-label="Providers"] > li');
      if (rows.length === 0) return 'no provider row';
      let drawn = 0;
      for (const row of rows) {
        // A row draws the blocks within the time in view: each must be one of the provider's.
        const name = row.getAttribute('aria-label') ?? '';
        const own = new Set((expected.rows[name] ?? '').split(','));
        const ids = [...row.querySelectorAll('[data-order]')].map((block) => block.getAttribute('data-order') ?? '');
        const stranger = ids.find((id) => !own.has(id));
        if (stranger !== undefined) return `${name}'s row holds #${stranger}, not one of ${expected.rows[name]}`;
        drawn += ids.length;
      }
      const expectedAny = Object.values(expected.rows).some((ids) => ids !== '');
      return expectedAny && drawn === 0 ? 'no block drawn' : undefined;
    };
    const shows = () => differs() === undefined;
    const observer = new MutationObserver(() => {
      if (clickAt === undefined || !shows()) return;
      observer.disconnect();
      clearTimeout(timer);
      const domAt = performance.now();
      const started = clickAt;
      // A message posted from a frame callback runs after that frame's style, layout and paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          // The read that brought the answer: the last one answered by then (list-probes.ts's tapIpc records them).
          const call = [...(probeWindow.ipcTap?.calls.values() ?? [])].filter((candidate) => candidate.channel === 'dispatch:board' && candidate.sentAt >= started && candidate.answeredAt !== undefined && candidate.answeredAt <= domAt).at(-1);
          resolve({ paintedMs: performance.now() - started, domMs: domAt - started, sentMs: (call?.sentAt ?? Number.NaN) - started, answeredMs: (call?.answeredAt ?? Number.NaN) - started });
        };
        channel.port2.postMessage(null);
      });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the board did not show ${expected.range} with its blocks in 10 s: ${differs()}; ${board.querySelector('[role="alert"]')?.textContent ?? 'no alert'}; ${[...document.querySelectorAll('[aria-label="Period"] button')].map((button) => `${button.textContent}=${button.getAttribute('aria-pressed')}`).join(' ')}`));
    }, 10_000);
    document.addEventListener(
      'click',
      (event) => {
        // The event's own timestamp is when the input reached the page; it shares performance.now()'s clock.
        clickAt = event.timeStamp > 0 ? event.timeStamp : performance.now();
      },
      { capture: true, once: true },
    );
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Waits for the probe an `arm…Probe` set. */
export function boardProbeResult(): Promise<PaintTiming> | undefined {
  return (window as ProbeWindow).boardProbe;
}

/** A block to move by `dx` pixels along its own lane, and how. */
export interface MoveRequest {
  id: number;
  dx: number;
  /** `drop`: a drop event dispatched on the lane now; `key`: the next keydown (Enter, the block picked up and moved by the arrows). */
  via: 'drop' | 'key';
  /** The drag payload's type (board-drag.ts's DRAG_TYPE). */
  dragType: string;
}

/**
 * Arms (for `key`) or runs (for `drop`) a move of a block along its lane, and settles when the
 * block's `left` shows the new place and a frame has rendered it. Answers false when the block is
 * not on screen (its row is not rendered), so the bench picks another.
 */
export function armMoveProbe({ id, dx, via, dragType }: MoveRequest): boolean {
  const selector = `ul[aria-label="Providers"] [data-order="${id}"]`;
  const block = document.querySelector<HTMLElement>(selector);
  const lane = block?.closest<HTMLElement>('[role="group"]');
  if (!block || !lane) return false;
  const from = parseFloat(block.style.left);
  const target = from + dx;
  const probeWindow = window as ProbeWindow;
  let startedAt: number | undefined;
  probeWindow.boardProbe = new Promise<PaintTiming>((resolve, reject) => {
    const moved = () => {
      const now = document.querySelector<HTMLElement>(selector);
      return now !== null && Math.abs(parseFloat(now.style.left) - target) < 0.5;
    };
    const settle = () => {
      observer.disconnect();
      clearTimeout(timer);
      const domAt = performance.now();
      const started = startedAt ?? domAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ paintedMs: performance.now() - started, domMs: domAt - started });
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(() => {
      if (startedAt !== undefined && moved()) settle();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`#${id} did not move to ${target}px in 10 s; its left is ${document.querySelector<HTMLElement>(selector)?.style.left}`));
    }, 10_000);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    if (via === 'key') {
      document.addEventListener(
        'keydown',
        (event) => {
          startedAt = event.timeStamp > 0 ? event.timeStamp : performance.now();
        },
        { capture: true, once: true },
      );
      return;
    }
    // As a mouse drop arrives: the lane's drop event, the pointer where the block's left edge goes,
    // holding the block at its left edge (offset 0). Svelte attaches `ondrop` to the lane itself.
    const transfer = new DataTransfer();
    transfer.setData(dragType, JSON.stringify({ id, from: 'block', offset: 0 }));
    const rect = lane.getBoundingClientRect();
    const event = new DragEvent('drop', { bubbles: true, cancelable: true, clientX: rect.left + target, clientY: rect.top + rect.height / 2, dataTransfer: transfer });
    startedAt = performance.now();
    lane.dispatchEvent(event);
    // The handler places the block synchronously: a change already made needs no further mutation.
    if (moved()) settle();
  });
  return true;
}

export interface BoardScrollRun {
  /** Intervals between consecutive animation frames, ms. */
  frameMs: number[];
  /** Long animation frames (over 50 ms) Chromium reported while scrolling, their durations. */
  longFrameMs: number[];
  scrolledPx: number;
  /** Provider rows rendered at the end (the virtual window's rows). */
  renderedRows: number;
}

/**
 * Scrolls the board's scroller from its start by `stepPx` at every animation frame along `axis`
 * until its end (or `maxFrames`), and records the frame intervals and Chromium's long animation frames.
 */
export async function scrollBoard({ axis, stepPx, maxFrames }: { axis: 'rows' | 'time'; stepPx: number; maxFrames: number }): Promise<BoardScrollRun> {
  const rows = document.querySelector('[aria-label="Dispatch board"] ul[aria-label="Providers"]');
  let scroller = rows?.parentElement;
  while (scroller && getComputedStyle(scroller).overflow !== 'auto') scroller = scroller.parentElement;
  if (!rows || !scroller) throw new Error('no board scroller on the page');
  const element = scroller;
  const property = axis === 'rows' ? 'scrollTop' : 'scrollLeft';
  const end = axis === 'rows' ? element.scrollHeight - element.clientHeight : element.scrollWidth - element.clientWidth;
  element.scrollTop = 0;
  element.scrollLeft = 0;
  await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
  // The jump back to the start redraws the rows: its frame is reported late, and is no scroll frame.
  const begun = performance.now();
  const longFrameMs: number[] = [];
  const keep = (entries: PerformanceEntryList) => {
    for (const entry of entries) if (entry.startTime >= begun) longFrameMs.push(entry.duration);
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) observer.observe({ type: 'long-animation-frame' });
  const frameMs: number[] = [];
  await new Promise<void>((done) => {
    let previous: number | undefined;
    let count = 0;
    const frame = (time: number) => {
      if (previous !== undefined) frameMs.push(time - previous);
      previous = time;
      if (element[property] >= end - 1 || count === maxFrames) {
        done();
        return;
      }
      count += 1;
      element[property] += stepPx;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  // The entries of the last frames are reported after them.
  await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
  keep(observer.takeRecords());
  observer.disconnect();
  return { frameMs, longFrameMs, scrolledPx: element[property], renderedRows: rows.children.length };
}
