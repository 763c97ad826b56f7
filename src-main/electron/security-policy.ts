import type { WebPreferences } from 'electron';

/**
 * The renderer's sandbox (ARCHITECTURE.md, "Security"). Pure data, so a unit test pins every flag
 * without an Electron binary.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
}

/**
 * Whether an IPC call comes from our own renderer: the packaged page (file://…/out/renderer/) or,
 * in development, the electron-vite dev server. Any other frame (a navigated-away page, an iframe)
 * is refused.
 */
export function isTrustedRendererUrl(senderUrl: string, rendererUrl: string): boolean {
  let sender: URL;
  let renderer: URL;
  try {
    sender = new URL(senderUrl);
    renderer = new URL(rendererUrl);
  } catch {
    return false;
  }
  if (renderer.protocol === 'file:') {
    const folder = renderer.pathname.slice(0, renderer.pathname.lastIndexOf('/') + 1);
    return sender.protocol === 'file:' && sender.host === '' && sender.pathname.startsWith(folder) && !sender.pathname.includes('..');
  }
  return sender.origin === renderer.origin;
}

/** Navigation inside the app window only ever goes to the renderer itself. */
export function isAllowedNavigation(targetUrl: string, rendererUrl: string): boolean {
  return isTrustedRendererUrl(targetUrl, rendererUrl);
}

// Local schemes the page itself creates (data: images, blob: downloads) or devtools uses.
const LOCAL_SCHEMES = ['data:', 'blob:', 'devtools:'];

/**
 * No remote content: the renderer only loads its own files (or, in development, the dev server
 * and its hot-reload socket). Everything it needs from the network goes through main over IPC.
 */
export function isAllowedRequest(requestUrl: string, rendererUrl: string): boolean {
  if (LOCAL_SCHEMES.some((scheme) => requestUrl.startsWith(scheme))) return true;
  if (isTrustedRendererUrl(requestUrl, rendererUrl)) return true;
  return isDevServerSocket(requestUrl, rendererUrl);
}

function isDevServerSocket(requestUrl: string, rendererUrl: string): boolean {
  try {
    const request = new URL(requestUrl);
    const renderer = new URL(rendererUrl);
    const socketProtocol = { 'http:': 'ws:', 'https:': 'wss:' }[renderer.protocol];
    return socketProtocol !== undefined && request.protocol === socketProtocol && request.host === renderer.host;
  } catch {
    return false;
  }
}
