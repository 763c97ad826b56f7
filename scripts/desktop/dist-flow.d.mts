export class DistError extends Error {}
export function noElectron(reason: string): string;
export interface DistDeps {
  env: Record<string, string | undefined>;
  findElectron: () => string | undefined;
  downloadElectron: () => Promise<{ ok: boolean; reason?: string }>;
  buildApp: () => Promise<void>;
  ensureNative: (runtime: 'node' | 'electron', binary?: string) => Promise<unknown>;
  makePackages: () => Promise<string[]>;
  say: (line: string) => void;
}
export function distFieldDesk(deps: DistDeps): Promise<string[]>;
