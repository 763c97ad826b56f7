export function packagedExecutable(
  distDir: string,
  platform: string,
  entries: string[],
  names?: { productName?: string; executableName?: string },
): string | undefined;
export class SmokeFailure extends Error {}
export function smokeChecks(deps: {
  windowVisible: () => Promise<boolean>;
  invoke: (channel: string, input?: unknown) => Promise<unknown>;
  log?: (line: string) => void;
}): Promise<{ info: { host: string; environment: string; version: string; dataDir: string }; session: { state: string } }>;
export function devToolsEndpoint(stderr: string): string | undefined;
