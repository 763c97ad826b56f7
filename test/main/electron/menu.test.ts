import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../../src-main/electron/menu';

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
  });

  it('offers reload and the developer tools only in development', () => {
    expect(roles(production)).not.toContain('reload');
    expect(roles(production)).not.toContain('toggleDevTools');
    const development = appMenuTemplate({ platform: 'linux', development: true, appName: 'Field Desk' });
    expect(submenuRoles(development, 'View')).toEqual(['reload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('puts the app menu first on macOS only', () => {
    expect(production[0]?.label).toBe('Edit');
    expect(roles(production)).not.toContain('quit');
    const mac = appMenuTemplate({ platform: 'darwin', development: false, appName: 'Field Desk' });
    expect(mac[0]?.label).toBe('Field Desk');
    expect(submenuRoles(mac, 'Field Desk')).toEqual(['about', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(mac.slice(1)).toEqual(production);
  });
});
