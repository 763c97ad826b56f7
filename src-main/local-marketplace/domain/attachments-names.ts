/*
 * An uploader's file name and MIME type are untrusted text. They are only ever shown (in answers
 * and in the download's headers), never used as a path, but what is shown must not carry a path,
 * control or direction-changing characters, or a header injection.
 */

/** In code points; the extension is kept when a longer name is cut. */
export const ATTACHMENT_NAME_LIMIT = 200;
const EXTENSION_LIMIT = 16;
const FALLBACK_NAME = 'file';
const FALLBACK_MIME = 'application/octet-stream';
const MIME_LIMIT = 100;

// Controls (C0, DEL, C1), format characters (bidirectional overrides, zero-width characters) and
// lone surrogates, which no header or URI encoding can carry.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The last path segment of what the uploader sent, cleaned and capped; `file` when nothing is left. */
export function safeDisplayName(given: string | undefined): string {
  const lastSegment = (given ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.replace(INVISIBLE, '').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return FALLBACK_NAME;
  const codePoints = Array.from(cleaned);
  if (codePoints.length <= ATTACHMENT_NAME_LIMIT) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const kept = extension.length > 1 && extension.length <= EXTENSION_LIMIT ? extension : [];
  return codePoints.slice(0, ATTACHMENT_NAME_LIMIT - kept.length).join('') + kept.join('');
}

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
