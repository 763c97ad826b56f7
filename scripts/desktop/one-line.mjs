// The scripts speak in one line: a failure's reason is the last meaningful line of what failed,
// never its stack trace.

/** The last line of `output` that is not blank and not a stack frame ("    at …"). */
export function lastLine(output) {
  const lines = String(output)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at ') && !/^npm (ERR!|error) (A complete log|code|path|command|cwd)/.test(line) && line !== '}' && line !== '{');
  return lines.at(-1) ?? '';
}

/** An error's message on one line, whatever was thrown. */
export function reasonOf(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split(/\r?\n/).map((line) => line.trim()).find((line) => line !== '') ?? 'unknown error';
}
