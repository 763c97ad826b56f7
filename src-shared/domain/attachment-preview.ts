/*
 * How an attachment may be shown inside the app. A provider's file is untrusted: images (SVG too)
 * only ever go into an <img> (which runs no script and loads nothing), PDFs are drawn to a canvas
 * with scripting off, and every text format, HTML and XML included, is shown as escaped text.
 */

export const ATTACHMENT_PREVIEW_KINDS = ['image', 'pdf', 'text', 'other'] as const;
export type AttachmentPreviewKind = (typeof ATTACHMENT_PREVIEW_KINDS)[number];

/** Formats Chromium draws in an <img>. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/svg+xml', 'image/avif']);
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'json', 'log', 'html', 'htm', 'xml', 'md']);
const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

/** Text previews stop here: the rest of a large log is for Download. */
export const TEXT_PREVIEW_MAX_BYTES = 512 * 1024;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The preview for a file by its type and name. The name's extension wins over a declared type for
 * images (an uploader's form may say `application/octet-stream`); nothing is ever sniffed.
 */
export function previewKindOf(name: string, mime: string | null | undefined): AttachmentPreviewKind {
  const type = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = extensionOf(name);
  if (IMAGE_TYPES.has(type) || IMAGE_EXTENSIONS[extension]) return 'image';
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (type.startsWith('text/') || type === 'application/json' || type === 'application/xml' || TEXT_EXTENSIONS.has(extension)) return 'text';
  return 'other';
}

/**
 * The type an image preview's Blob is given: the browser needs `image/svg+xml` to draw an SVG in an
 * <img>. Any other kind gets `application/octet-stream`, which nothing renders.
 */
export function previewBlobType(name: string, mime: string | null | undefined): string {
  if (previewKindOf(name, mime) !== 'image') return 'application/octet-stream';
  const type = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return IMAGE_TYPES.has(type) ? type : (IMAGE_EXTENSIONS[extensionOf(name)] ?? 'application/octet-stream');
}
