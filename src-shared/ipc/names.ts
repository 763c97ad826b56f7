// Dependency-free on purpose: the sandboxed preload bundles this file and may not load npm modules.

/** Channel and event names have one shape; the preload refuses anything else before it reaches main. */
export const IPC_NAME_PATTERN = /^[a-z][a-z-]*:[a-z][a-z-]*$/;

/**
 * Channels only the preload itself may call: their input names a file on disk, which a page must
 * never choose. The preload's `invoke` refuses them, and main refuses them from any transport but
 * Electron's (the web host has no preload).
 */
export const PRELOAD_ONLY_CHANNELS = ['attachments:upload-file'] as const;
export type PreloadOnlyChannel = (typeof PRELOAD_ONLY_CHANNELS)[number];

export function isPreloadOnlyChannel(name: unknown): name is PreloadOnlyChannel {
  return (PRELOAD_ONLY_CHANNELS as readonly unknown[]).includes(name);
}
