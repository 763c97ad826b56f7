import type { OrderActionName } from '../../src-shared/domain/action-labels';

/**
 * The single keys of the frequent actions, on the open or focused order (or the selection). One
 * table: the shortcut registry, the menus, the palette and the `?` sheet all read it.
 */
export const ACTION_KEYS: Partial<Record<OrderActionName, { key: string; label: string }>> = {
  publish: { key: 'p', label: 'P' },
  route: { key: 'r', label: 'R' },
  assign: { key: 'a', label: 'A' },
  approve: { key: 'v', label: 'V' },
  incomplete: { key: 'i', label: 'I' },
  cancel: { key: 'Delete', label: 'Del' },
};

/** Prints the open order's work sheet (the desktop's File menu shows the same key). */
export const PRINT_SHEET_KEY = 'Mod+p';
