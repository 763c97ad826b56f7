// Dependency-free on purpose: the sandboxed preload bundles this file and may not load npm modules.

/** Channel and event names have one shape; the preload refuses anything else before it reaches main. */
export const IPC_NAME_PATTERN = /^[a-z][a-z-]*:[a-z][a-z-]*$/;
