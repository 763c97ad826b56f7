/*
 * Rules about attached files that the app and the local marketplace share: how large a file may
 * be, what name is shown for it, and what type it is sent as.
 */

import { ATTACHMENT_MAX_BYTES } from '../api/attachment';

/** Uploads beyond this answer 413 (decisions §6, ours); the app refuses such files before copying them. */
export { ATTACHMENT_MAX_BYTES };

/**
 * The most the app downloads of one attachment: the marketplace's own limit, with room for a file
 * it holds from before a change of limit. A link that streams more is cut off and nothing is kept.
 */
export const ATTACHMENT_DOWNLOAD_MAX_BYTES = ATTACHMENT_MAX_BYTES + 8 * 1024 * 1024;

/** One answer of `attachments:bytes` on the desktop: main never holds more of a file than this at once. */
export const ATTACHMENT_CHUNK_MAX_BYTES = 4 * 1024 * 1024;

/** In code points; the extension is kept when a longer name is cut. */
export const ATTACHMENT_NAME_LIMIT = 200;
const EXTENSION_LIMIT = 16;
const FALLBACK_NAME = 'file';
export const FALLBACK_MIME = 'application/octet-stream';

// Controls (C0, DEL, C1), format characters (bidirectional overrides, zero-width characters) and
// lone surrogates, which no header or URI encoding can carry.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/**
 * The last path segment of a file name, cleaned and capped; `file` when nothing is left. A name is
 * untrusted text (a dropped file, an uploader's form): it is only ever shown, never used as a path,
 * but what is shown must not carry a path, control or direction-changing characters.
 */
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

/**
 * The name every screen, notice and file dialog shows for an attachment: its file's name cleaned
 * by `safeDisplayName`, or `File <id>` when the marketplace gave none. A provider chooses the name,
 * so it is never shown raw (`invoice\u202Efdp.exe` would read as `invoiceexe.pdf`).
 */
export function attachmentName(attachment: { id: number; file?: { name?: string | null } | null }): string {
  const given = attachment.file?.name;
  return given ? safeDisplayName(given) : `File ${attachment.id}`;
}

/** What coordinators attach to work orders: site photos, scans, office documents, short videos. */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  html: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  dwg: 'image/vnd.dwg',
  eml: 'message/rfc822',
};

/**
 * The type a file is sent as, guessed from its name's extension: the bytes are never sniffed (the
 * marketplace never runs or shows a file inline either), so a wrong guess costs nothing.
 */
export function mimeTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return FALLBACK_MIME;
  return MIME_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? FALLBACK_MIME;
}
