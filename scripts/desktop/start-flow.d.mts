export const NOT_INSTALLED: string;
export const FORCED: string;
export function nativeFailed(reason: string): string;
export class StartError extends Error {}
export interface StartDeps {
  env: Record<string, string | undefined>;
  findElectron: () => string | undefined;
  downloadElectron: () => Promise<{ ok: boolean; reason?: string }>;
  ensureNative: (runtime: 'node' | 'electron', binary?: string) => Promise<unknown>;
  launchElectron: (binary: string) => Promise<number>;
  startBrowserMode: () => void;
  say: (line: string) => void;
  progress?: (line: string) => void;
  interactive?: boolean;
}
export function mayDownload(deps: { env: Record<string, string | undefined>; interactive?: boolean }): boolean;
export function startFieldDesk(deps: StartDeps): Promise<{ mode: 'browser'; line: string } | { mode: 'electron'; code: number }>;
