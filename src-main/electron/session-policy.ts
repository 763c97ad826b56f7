import type { Session } from 'electron';
import { isAllowedRequest } from './security-policy';

/**
 * The session-wide half of ARCHITECTURE.md "Security": no permission is ever granted, nothing
 * remote is loaded, and every response carries the renderer's CSP. The CSP repeats the meta tag
 * of src-renderer/index.html (a test keeps them equal) so it also covers dev-server responses,
 * and it stays a literal here because electronegativity only reads literal policies.
 */
export function hardenSession(session: Session, rendererUrl: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequest(details.url, rendererUrl) }));
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'",
        ],
      },
    });
  });
}
