import { describe, expect, it } from 'vitest';
import { isTrustedRendererUrl, secureWebPreferences } from '../../../src-main/electron/security-policy';

describe('the renderer sandbox', () => {
  it('isolates the context, sandboxes the page and gives it no Node', () => {
    expect(secureWebPreferences('/app/out/preload/index.js')).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });
});

describe('trusted IPC senders', () => {
  const packaged = 'file:///opt/field-desk/resources/app/out/renderer/index.html';

  it('trusts the packaged renderer and its hash routes', () => {
    expect(isTrustedRendererUrl(packaged, packaged)).toBe(true);
    expect(isTrustedRendererUrl(`${packaged}#/settings`, packaged)).toBe(true);
  });

  it('refuses other files, other hosts and web pages', () => {
    expect(isTrustedRendererUrl('file:///tmp/evil.html', packaged)).toBe(false);
    expect(isTrustedRendererUrl('file://server/opt/field-desk/resources/app/out/renderer/index.html', packaged)).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/', packaged)).toBe(false);
    expect(isTrustedRendererUrl('', packaged)).toBe(false);
  });

  it('trusts only the dev server origin during development', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/#/outbox', 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
  });
});
