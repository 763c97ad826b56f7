import { describe, expect, it } from 'vitest';
import { isAllowedRequest, isTrustedRendererUrl, secureWebPreferences } from '../../../src-main/electron/security-policy';

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

describe('requests the renderer may make', () => {
  const packaged = 'file:///opt/field-desk/resources/app/out/renderer/index.html';

  it('loads only its own files and local data', () => {
    expect(isAllowedRequest('file:///opt/field-desk/resources/app/out/renderer/assets/index.js', packaged)).toBe(true);
    expect(isAllowedRequest('data:image/png;base64,AAAA', packaged)).toBe(true);
    expect(isAllowedRequest('https://cdn.example/font.woff2', packaged)).toBe(false);
    expect(isAllowedRequest('http://127.0.0.1:8080/api', packaged)).toBe(false);
    expect(isAllowedRequest('file:///etc/passwd', packaged)).toBe(false);
  });

  it('reaches the dev server and its hot-reload socket during development', () => {
    expect(isAllowedRequest('http://localhost:5173/src/main.ts', 'http://localhost:5173')).toBe(true);
    expect(isAllowedRequest('ws://localhost:5173/?token=abc', 'http://localhost:5173')).toBe(true);
    expect(isAllowedRequest('ws://localhost:9999/', 'http://localhost:5173')).toBe(false);
    expect(isAllowedRequest('ws://localhost:5173/', packaged)).toBe(false);
  });
});
