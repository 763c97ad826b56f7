import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, keystrokes } from '../../../src-main/electron/menu';

function roles(template: MenuItemConstructorOptions[]): string[] {
  return template.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

function submenuRoles(template: MenuItemConstructorOptions[], label: string): string[] {
  const menu = template.find((item) => item.label === label || item.role === label);
  return Array.isArray(menu?.submenu) ? roles(menu.submenu) : [];
}

describe('the app menu', () => {
  const production = appMenuTemplate({ platform: 'linux', development: false, appName: 'Field Desk' });

  it('has the standard edit, view and window roles', () => {
    expect(submenuRoles(production, 'Edit')).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(submenuRoles(production, 'View')).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(submenuRoles(production, 'window')).toEqual(['minimize', 'close']);
    expect(submenuRoles(production, 'File')).toEqual(['quit']);
  });

  it('offers reload and the developer tools only in development', () => {
    expect(roles(production)).not.toContain('reload');
    expect(roles(production)).not.toContain('toggleDevTools');
    const development = appMenuTemplate({ platform: 'linux', development: true, appName: 'Field Desk' });
    expect(submenuRoles(development, 'View')).toEqual(['reload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('puts the app menu first on macOS only, with Quit there instead of in File', () => {
    expect(production.map((item) => item.label ?? item.role)).toEqual(['File', 'Edit', 'View', 'Go', 'window', 'help']);
    const mac = appMenuTemplate({ platform: 'darwin', development: false, appName: 'Field Desk' });
    expect(mac[0]?.label).toBe('Field Desk');
    expect(submenuRoles(mac, 'Field Desk')).toEqual(['about', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(submenuRoles(mac, 'File')).toEqual([]);
    expect(mac.map((item) => item.label ?? item.role).slice(1)).toEqual(['File', 'Edit', 'View', 'Go', 'window', 'help']);
  });
});

describe('the app’s shortcuts in the menu', () => {
  const production = appMenuTemplate({ platform: 'linux', development: false, appName: 'Field Desk' });
  function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
    return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
  }

  it('shows the renderer’s keys without taking them from the page', () => {
    const shortcuts = items(production).filter((item) => item.accelerator);
    expect(shortcuts.map((item) => [item.label, item.accelerator])).toEqual([
      ['New job', 'C'],
      ['Command palette…', 'CmdOrCtrl+K'],
      ['Search work orders', '/'],
      ['Print work sheet…', 'CmdOrCtrl+P'],
    ]);
    // Registered, the accelerator would swallow the key before the renderer's own handler saw it.
    for (const item of shortcuts) expect(item.registerAccelerator).toBe(false);
  });

  it('sends the shortcut’s keys when an item is clicked', () => {
    const onShortcut = vi.fn();
    const template = appMenuTemplate({ platform: 'linux', development: false, appName: 'Field Desk', onShortcut });
    const click = (label: string) => (items(template).find((item) => item.label === label)?.click as (() => void) | undefined)?.();
    click('Command palette…');
    click('Needs attention  (G, N)');
    click('Keyboard shortcuts  (?)');
    click('New job');
    click('Print work sheet…');
    expect(onShortcut.mock.calls).toEqual([['Mod+k'], ['g n'], ['?'], ['c'], ['Mod+p']]);
  });

  it('types Mod as Cmd on macOS and Ctrl elsewhere, and sequences one key after the other', () => {
    expect(keystrokes('Mod+k', 'darwin')).toEqual([
      { type: 'keyDown', keyCode: 'k', modifiers: ['meta'] },
      { type: 'char', keyCode: 'k', modifiers: ['meta'] },
      { type: 'keyUp', keyCode: 'k', modifiers: ['meta'] },
    ]);
    expect(keystrokes('Mod+k', 'win32')[0]?.modifiers).toEqual(['control']);
    expect(keystrokes('g d', 'linux').map((input) => `${input.type}:${input.keyCode}`)).toEqual(['keyDown:g', 'char:g', 'keyUp:g', 'keyDown:d', 'char:d', 'keyUp:d']);
  });
});
