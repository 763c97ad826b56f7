/** The binary's path, or undefined when Electron is not installed on this machine. */
export function electronBinary(): string | undefined;
