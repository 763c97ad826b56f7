import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE } from './private-files';
import { redact } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  /** Folder for `main.log` (JSON lines); omit to log to stderr only. */
  logDir?: string;
  level?: LogLevel;
  /** Also echo to stderr (the web host does, so a terminal shows problems). */
  echo?: boolean;
}

/**
 * JSON-lines logger. Every record goes through `redact`, so a token or password handed to it by
 * mistake never reaches the disk. Writes are synchronous: a crash must not lose the last lines.
 */
export function createLogger({ logDir, level = 'info', echo = !logDir }: LoggerOptions = {}): Logger {
  let file: string | undefined;
  if (logDir) {
    ensurePrivateDir(logDir);
    file = join(logDir, 'main.log');
    try {
      // Tightens a log an older version left 0644; the lines name the coordinator's jobs and sites.
      ensurePrivateFile(file);
    } catch {
      // An unwritable log must not stop the app; each write then falls back to stderr.
    }
  }
  const write = (recordLevel: LogLevel, message: string, details?: unknown) => {
    if (LEVELS[recordLevel] < LEVELS[level]) return;
    const record = { time: new Date().toISOString(), level: recordLevel, message: redact(message), details: redact(details) };
    const line = `${JSON.stringify(record)}\n`;
    if (file) {
      try {
        appendFileSync(file, line, { mode: PRIVATE_FILE_MODE });
      } catch {
        // A full disk must not take the app down with it; stderr still has the line.
        process.stderr.write(line);
        return;
      }
    }
    if (echo) process.stderr.write(line);
  };
  return {
    debug: (message, details) => write('debug', message, details),
    info: (message, details) => write('info', message, details),
    warn: (message, details) => write('warn', message, details),
    error: (message, details) => write('error', message, details),
  };
}

/** For tests: a logger that keeps records in memory. */
export function createMemoryLogger(): Logger & { records: { level: LogLevel; message: string; details: unknown }[] } {
  const records: { level: LogLevel; message: string; details: unknown }[] = [];
  const push = (level: LogLevel) => (message: string, details?: unknown) => {
    records.push({ level, message: String(redact(message)), details: redact(details) });
  };
  return { records, debug: push('debug'), info: push('info'), warn: push('warn'), error: push('error') };
}
