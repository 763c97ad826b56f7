import type { BrowserWindow, Rectangle } from 'electron';
import { z } from 'zod';
import { readJsonObject, writeJsonAtomic } from '../platform/json-file';

// Where the window was and whether it was maximized, kept in <userData>/window-state.json. A lost
// or corrupt file only costs the user their window placement, so every failure falls back to defaults.

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
export const MINIMUM_SIZE = { width: 900, height: 600 } as const;
/** How much of a saved window must lie on a display for it to count as reachable. */
const VISIBLE_EDGE = 100;

const savedStateSchema = z.object({
  bounds: z.object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  maximized: z.boolean(),
});

export type SavedWindowState = z.infer<typeof savedStateSchema>;

/** Where to open the window: without x/y Electron centres it on the primary display. */
export interface WindowPlacement {
  bounds: { x?: number; y?: number; width: number; height: number };
  maximized: boolean;
}

export const DEFAULT_PLACEMENT: WindowPlacement = { bounds: { ...DEFAULT_SIZE }, maximized: false };

function overlap(bounds: Rectangle, area: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x),
    height: Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y),
  };
}

function clamp(value: number, lowest: number, highest: number): number {
  return Math.max(lowest, Math.min(value, highest));
}

/**
 * Puts the saved window back on the display it overlaps, shrunk and moved to fit that display's
 * work area; a window saved on a display that is gone opens with the defaults instead.
 */
export function placeWindow(saved: SavedWindowState | undefined, workAreas: readonly Rectangle[]): WindowPlacement {
  if (!saved) return DEFAULT_PLACEMENT;
  const area = workAreas.find((candidate) => {
    const shared = overlap(saved.bounds, candidate);
    return shared.width >= Math.min(VISIBLE_EDGE, saved.bounds.width) && shared.height >= Math.min(VISIBLE_EDGE, saved.bounds.height);
  });
  if (!area) return DEFAULT_PLACEMENT;
  const width = clamp(saved.bounds.width, Math.min(MINIMUM_SIZE.width, area.width), area.width);
  const height = clamp(saved.bounds.height, Math.min(MINIMUM_SIZE.height, area.height), area.height);
  return {
    bounds: {
      x: clamp(saved.bounds.x, area.x, area.x + area.width - width),
      y: clamp(saved.bounds.y, area.y, area.y + area.height - height),
      width,
      height,
    },
    maximized: saved.maximized,
  };
}

export function readWindowState(file: string): SavedWindowState | undefined {
  const content = readJsonObject(file);
  if (content.kind !== 'object') return undefined;
  const parsed = savedStateSchema.safeParse(content.value);
  return parsed.success ? parsed.data : undefined;
}

export function writeWindowState(file: string, state: SavedWindowState): void {
  try {
    writeJsonAtomic(file, state);
  } catch {
    // A read-only or full disk must not stop the window from closing.
  }
}

/** Saves the window's placement shortly after it stops moving or resizing, and when it closes. */
export function trackWindowState(window: BrowserWindow, file: string, delayMs = 500): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    if (window.isDestroyed()) return;
    // The normal bounds, so a maximized window still comes back to its old size when unmaximized.
    writeWindowState(file, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  };
  const saveLater = () => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  window.on('resize', saveLater);
  window.on('move', saveLater);
  window.on('maximize', saveLater);
  window.on('unmaximize', saveLater);
  window.on('close', save);
}
