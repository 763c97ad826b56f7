/*
 * An uploader's file name and MIME type are untrusted text. They are only ever shown (in answers
 * and in the download's headers), never used as a path, but what is shown must not carry a path,
 * control or direction-changing characters, or a header injection.
 */

import { FALLBACK_MIME } from '../../../src-shared/domain/attachments';

// The name rule is shared with the app, which stages dropped files under the same names.
export { ATTACHMENT_NAME_LIMIT, safeDisplayName } from '../../../src-shared/domain/attachments';

const MIME_LIMIT = 100;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The declared type without parameters, if it looks like a MIME type; else `application/octet-stream`. */
export function safeMimeType(given: string | undefined): string {
  const essence = (given ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return essence.length <= MIME_LIMIT && MIME.test(essence) ? essence : FALLBACK_MIME;
}

/** RFC 6266: always a download, never shown inline; an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
