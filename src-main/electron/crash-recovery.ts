// What the shell does when the window's renderer or another Chromium process dies: reload the
// window and say what happened, unless it keeps dying. Kept free of electron's module so tests
// run it; src-main/index.ts wires it to `render-process-gone` and `child-process-gone`.

export interface CrashRecoveryOptions {
  /** Loads the window's page again (a new renderer process). */
  reload(): void;
  /** Tells the coordinator, once the window is back (a native message box). */
  tell(message: string): void;
  /** The log: what died and why, never the page's content. */
  log(message: string, details: Record<string, unknown>): void;
  now?: () => number;
}

export interface CrashRecovery {
  rendererGone(details: { reason: string; exitCode?: number }): void;
  childGone(details: { type: string; reason: string; exitCode?: number; name?: string }): void;
}

/** Past this many reloads within the window, another would only loop: the coordinator is told instead. */
const RELOADS_ALLOWED = 2;
const RELOAD_WINDOW_MS = 60_000;

const SAFE = 'Nothing you queued was lost: changes wait in the outbox, which lives outside the window.';

const WHY: Readonly<Record<string, string>> = {
  oom: 'ran out of memory',
  crashed: 'crashed',
  killed: 'was stopped by the system',
  'abnormal-exit': 'stopped unexpectedly',
  'launch-failed': 'could not start',
  'integrity-failure': 'failed its code integrity check',
};

export function crashRecovery({ reload, tell, log, now = Date.now }: CrashRecoveryOptions): CrashRecovery {
  let reloads: number[] = [];

  const recover = (what: string, reason: string) => {
    const at = now();
    reloads = reloads.filter((time) => at - time < RELOAD_WINDOW_MS);
    if (reloads.length >= RELOADS_ALLOWED) {
      tell(`Field Desk's ${what} ${WHY[reason] ?? 'stopped'} again, the third time within a minute, so it was not reloaded. ${SAFE} Quit Field Desk and start it again.`);
      return;
    }
    reloads.push(at);
    reload();
    tell(`Field Desk's ${what} ${WHY[reason] ?? 'stopped'} and was reloaded. ${SAFE}`);
  };

  return {
    rendererGone({ reason, exitCode }) {
      log('electron: the window’s renderer is gone', { reason, exitCode });
      // A clean exit is the window closing, not a failure.
      if (reason === 'clean-exit') return;
      recover('window', reason);
    },
    childGone({ type, reason, exitCode, name }) {
      if (reason === 'clean-exit') return;
      log('electron: a child process is gone', { type, reason, exitCode, name });
      // Chromium restarts its utility processes by itself; a lost GPU process can leave the window
      // blank until the page is drawn again.
      if (type === 'GPU') recover('display', reason);
    },
  };
}
