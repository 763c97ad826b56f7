import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { downloadElectron } from '../../scripts/desktop/electron-download.mjs';
import { lastLine, reasonOf } from '../../scripts/desktop/one-line.mjs';

/** A child process that prints `output` and exits with `code`, or never exits. */
function fakeSpawn(output: string, code: number | null) {
  return vi.fn(() => {
    const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), stderr: new PassThrough(), kill: vi.fn() });
    setTimeout(() => {
      child.stderr.write(output);
      if (code !== null) setTimeout(() => child.emit('exit', code), 1);
    }, 1);
    return child;
  });
}

describe('fetching the Electron binary', () => {
  it('runs electron’s own install script', async () => {
    const spawn = fakeSpawn('', 0);
    expect(await downloadElectron({ root: '/repo', spawn: spawn as never })).toEqual({ ok: true });
    const [command, args] = spawn.mock.calls[0] as unknown as [string, string[]];
    expect(command).toBe(process.execPath);
    expect(args[0]).toMatch(/node_modules[/\\]electron[/\\]install\.js$/);
  });

  it('turns a failure into its last line, not its stack trace', async () => {
    const stack = 'TypeError: fetch failed\n    at node:internal/deps/undici/undici:14976:13\n    at async FetchDownloader.download (file:///x.js:46:30)\n';
    expect(await downloadElectron({ root: '/repo', spawn: fakeSpawn(stack, 1) as never })).toEqual({ ok: false, reason: 'TypeError: fetch failed' });
  });

  it('gives up on a download that never ends', async () => {
    const spawn = fakeSpawn('', null);
    expect(await downloadElectron({ root: '/repo', spawn: spawn as never, timeoutMs: 20 })).toEqual({ ok: false, reason: 'no answer within 0 minutes' });
    expect(spawn.mock.results[0]?.value.kill).toHaveBeenCalled();
  });
});

describe('one-line reasons', () => {
  it('keeps the last meaningful line', () => {
    expect(lastLine('gyp info it worked\ngyp ERR! stack Error: 404\n    at foo (bar.js:1:1)\n\n')).toBe('gyp ERR! stack Error: 404');
    expect(lastLine('')).toBe('');
  });

  it('takes the first line of an error message, whatever was thrown', () => {
    expect(reasonOf(new Error('first\nsecond'))).toBe('first');
    expect(reasonOf('plain')).toBe('plain');
    expect(reasonOf(new Error(''))).toBe('unknown error');
  });
});
