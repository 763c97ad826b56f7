import type { Logger } from '../platform/logger';

const WINDOW_MS = 60_000;

export interface RefusalLogOptions {
  logger: Logger;
  perMinute: number;
  maxValueChars: number;
  now?: () => number;
}

export interface RefusedRequest {
  reason: string;
  origin?: string;
  host?: string;
}

export interface RefusalLog {
  refused(request: RefusedRequest): void;
  /** Logs the count still held back; the host calls it when it closes. */
  flush(): void;
}

/**
 * Refused upgrades are what an attacker controls: a page in the browser can open thousands a
 * second with any Origin it likes. The first few each minute are logged, cut to a bounded length,
 * and the rest are counted and written as one line, so a flood cannot fill the disk through the log.
 * The count is written when the next minute's first refusal comes, or on close: no timer to keep.
 */
export function createRefusalLog({ logger, perMinute, maxValueChars, now = Date.now }: RefusalLogOptions): RefusalLog {
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let held = 0;

  const flush = () => {
    if (held === 0) return;
    logger.warn('web-host: more connections refused, not logged one by one', { count: held, since: new Date(windowStart).toISOString() });
    held = 0;
  };

  return {
    refused({ reason, origin, host }) {
      const time = now();
      if (time - windowStart >= WINDOW_MS) {
        flush();
        windowStart = time;
        logged = 0;
      }
      if (logged >= perMinute) {
        held += 1;
        return;
      }
      logged += 1;
      // Never the URL: its query string carries the token, right or wrong.
      logger.warn('web-host: refused connection', { reason, origin: clip(origin, maxValueChars), host: clip(host, maxValueChars) });
    },
    flush,
  };
}

function clip(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length <= max) return value;
  return `${value.slice(0, max)}… (${value.length} characters)`;
}
