import type { spawn } from 'node:child_process';
export const DOWNLOAD_TIMEOUT_MS: number;
export function downloadElectron(options: {
  root: string;
  env?: Record<string, string | undefined>;
  spawn?: typeof spawn;
  timeoutMs?: number;
  showProgress?: boolean;
}): Promise<{ ok: true } | { ok: false; reason: string }>;
