export function lastLine(output: string): string;
export function reasonOf(error: unknown): string;
