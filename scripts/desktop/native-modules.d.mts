export interface Runtime {
  kind: 'node' | 'electron';
  version: string;
  abi: string | undefined;
  platform: string;
  arch: string;
}
export interface ModuleState {
  name: string;
  current: string | undefined;
  cached: boolean;
}
export interface PlanStep {
  name: string;
  action: 'keep' | 'restore' | 'build';
  current: string | undefined;
}
export interface NativeIo {
  readStamp(name: string): string | undefined;
  writeStamp(name: string, key: string): void;
  hasCache(name: string, key: string): boolean;
  save(name: string, key: string): void;
  restore(name: string, key: string): void;
  probe(name: string): boolean;
  build(names: string[]): Promise<void>;
}
export const NATIVE_MODULES: string[];
export function runtimeKey(runtime: Runtime): string;
export function nodeRuntime(process_?: { versions: { node: string; modules: string }; platform: string; arch: string }): Runtime;
export function planNative(wanted: string, states: ModuleState[]): PlanStep[];
export function ensureNative(runtime: Runtime, io: NativeIo, modules?: string[]): Promise<{ kept: string[]; restored: string[]; built: string[] }>;
export function fileSystemIo(options: { root: string; probe: NativeIo['probe']; build: NativeIo['build'] }): NativeIo;
