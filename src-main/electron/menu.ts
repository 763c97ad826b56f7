import type { MenuItemConstructorOptions } from 'electron';

/**
 * A key of the renderer's shortcut table (src-renderer/lib/shortcuts.ts): `c`, `Mod+k`, or a
 * sequence such as `g d`. The menu shows them and, when clicked, sends the same keys to the page,
 * so the renderer keeps one table of what each key does.
 */
export type ShortcutKey = string;

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Reload and the developer tools only exist while developing: users never need them. */
  development: boolean;
  appName: string;
  /** A menu item of the app's own shortcuts was clicked (index.ts sends the keys to the window). */
  onShortcut?: (key: ShortcutKey) => void;
}

/**
 * An item for one of the renderer's shortcuts. `registerAccelerator: false` shows the key without
 * taking it from the page: the key itself still reaches the renderer, which owns what it does.
 */
function shortcutItem(label: string, key: ShortcutKey, onShortcut: MenuOptions['onShortcut'], accelerator?: string): MenuItemConstructorOptions {
  return {
    label,
    ...(accelerator ? { accelerator, registerAccelerator: false } : {}),
    click: () => onShortcut?.(key),
  };
}

/** The app menu as plain data, so a test can read it without Electron. */
export function appMenuTemplate({ platform, development, appName, onShortcut }: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const developmentItems: MenuItemConstructorOptions[] = development
    ? [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        shortcutItem('New job', 'c', onShortcut, 'C'),
        shortcutItem('Command palette…', 'Mod+k', onShortcut, 'CmdOrCtrl+K'),
        shortcutItem('Search work orders', '/', onShortcut, '/'),
        // The open order's work sheet, saved as a PDF (the page answers the key; with no order open it does nothing).
        shortcutItem('Print work sheet…', 'Mod+p', onShortcut, 'CmdOrCtrl+P'),
        // macOS keeps Quit in the app menu; elsewhere File ends with it.
        ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...developmentItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      // Two-key sequences have no accelerator form: the keys go in the label.
      label: 'Go',
      submenu: [
        shortcutItem('Drafts  (G, D)', 'g d', onShortcut),
        shortcutItem('Assigned  (G, A)', 'g a', onShortcut),
        shortcutItem('Needs attention  (G, N)', 'g n', onShortcut),
      ],
    },
    { role: 'window', submenu: [{ role: 'minimize' }, { role: 'close' }] },
    { role: 'help', submenu: [shortcutItem('Keyboard shortcuts  (?)', '?', onShortcut)] },
  ];
  if (!mac) return template;
  // macOS expects the app's own menu first: About, Hide, Quit live there.
  const macAppMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  return [macAppMenu, ...template];
}

/** One keyboard event as `webContents.sendInputEvent` takes it. */
export interface KeyInput {
  type: 'keyDown' | 'char' | 'keyUp';
  keyCode: string;
  modifiers: ('control' | 'meta')[];
}

/**
 * The input events that type a shortcut key: each part of a sequence in turn, `Mod` as Cmd on
 * macOS and Ctrl elsewhere (as the renderer reads it). `char` carries the character the page's
 * `KeyboardEvent.key` reports.
 */
export function keystrokes(key: ShortcutKey, platform: NodeJS.Platform): KeyInput[] {
  return key.split(' ').flatMap((part) => {
    const modified = part.startsWith('Mod+');
    const keyCode = modified ? part.slice(4) : part;
    const modifiers: KeyInput['modifiers'] = modified ? [platform === 'darwin' ? 'meta' : 'control'] : [];
    return (['keyDown', 'char', 'keyUp'] as const).map((type) => ({ type, keyCode, modifiers }));
  });
}
