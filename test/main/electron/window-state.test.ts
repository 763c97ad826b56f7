import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLACEMENT,
  placeWindow,
  readWindowState,
  writeWindowState,
} from '../../../src-main/electron/window-state';
import { temporaryDir } from '../../support/temporary-dir';

const LAPTOP = { x: 0, y: 0, width: 1440, height: 875 };
const MONITOR = { x: 1440, y: -200, width: 2560, height: 1400 };
const saved = (x: number, y: number, width = 1200, height = 800, maximized = false) => ({ bounds: { x, y, width, height }, maximized });

describe('reading the saved window state', () => {
  const stateFile = (text: string) => {
    const file = join(temporaryDir(), 'window-state.json');
    writeFileSync(file, text);
    return file;
  };

  it('accepts a well-formed file', () => {
    expect(readWindowState(stateFile(JSON.stringify(saved(40, 30, 1200, 800, true))))).toEqual(saved(40, 30, 1200, 800, true));
  });

  it('rejects corrupt or malformed files', () => {
    expect(readWindowState(stateFile('{"bounds": {"x": 1'))).toBeUndefined();
    expect(readWindowState(stateFile('null'))).toBeUndefined();
    expect(readWindowState(stateFile(JSON.stringify({ bounds: { x: 0, y: 0, width: -5, height: 800 }, maximized: false })))).toBeUndefined();
    expect(readWindowState(stateFile(JSON.stringify({ bounds: { x: 0, y: 0, width: 1200, height: 800 }, maximized: 'yes' })))).toBeUndefined();
  });

  it('treats a missing file as no state and round-trips what it writes', () => {
    const file = join(temporaryDir(), 'nested', 'window-state.json');
    expect(readWindowState(file)).toBeUndefined();
    writeWindowState(file, saved(100, 50));
    expect(readWindowState(file)).toEqual(saved(100, 50));
    writeFileSync(file, 'not json');
    expect(readWindowState(file)).toBeUndefined();
  });
});

describe('placing the window', () => {
  it('uses the defaults without a saved state', () => {
    expect(placeWindow(undefined, [LAPTOP])).toEqual(DEFAULT_PLACEMENT);
  });

  it('restores bounds that fit a display, on a second monitor too', () => {
    expect(placeWindow(saved(100, 50), [LAPTOP])).toEqual(saved(100, 50));
    expect(placeWindow(saved(2000, -100), [LAPTOP, MONITOR])).toEqual(saved(2000, -100));
  });

  it('falls back to the defaults when the saved bounds are off every display', () => {
    expect(placeWindow(saved(2000, -100), [LAPTOP])).toEqual(DEFAULT_PLACEMENT);
    expect(placeWindow(saved(-5000, 0), [LAPTOP, MONITOR])).toEqual(DEFAULT_PLACEMENT);
    expect(placeWindow(saved(1400, 0), [LAPTOP])).toEqual(DEFAULT_PLACEMENT);
  });

  it('pulls a partly visible window fully onto its display and shrinks it to fit', () => {
    expect(placeWindow(saved(1000, 600), [LAPTOP])).toEqual(saved(240, 75));
    expect(placeWindow(saved(100, 50, 3000, 2000), [LAPTOP])).toEqual(saved(0, 0, 1440, 875));
  });

  it('keeps the maximized flag with the normal bounds', () => {
    expect(placeWindow(saved(100, 50, 1200, 800, true), [LAPTOP])).toEqual(saved(100, 50, 1200, 800, true));
  });
});
