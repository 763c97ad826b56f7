import { previewBlobType, TEXT_PREVIEW_MAX_BYTES } from '../../src-shared/domain/attachment-preview';
import { ATTACHMENT_CHUNK_MAX_BYTES } from '../../src-shared/domain/attachments';
import { ATTACHMENT_CONTENT_PATH, type AttachmentPreviewInfo, type AttachmentRef } from '../../src-shared/ipc/attachment-files';
import { invoke, isDesktop } from '../lib/api';
import { svgToPng } from '../lib/svg-bitmap';
import { downloadBlob, fetchFromHost } from '../lib/host-files';
import { toasts } from '../lib/toasts.svelte';
import { messageOf } from '../lib/errors';

/** What a preview shows: an object URL for images and PDFs, escaped text for text. */
export type LoadedPreview =
  | { kind: 'image'; info: AttachmentPreviewInfo; url: string }
  | { kind: 'pdf'; info: AttachmentPreviewInfo; bytes: Blob }
  | { kind: 'text'; info: AttachmentPreviewInfo; text: string; truncated: boolean }
  | { kind: 'other'; info: AttachmentPreviewInfo };

/** Previews kept in memory, newest last: a review screen flips through a handful of files. */
const MEMORY_ENTRIES = 24;

interface Entry {
  promise: Promise<LoadedPreview>;
  value?: LoadedPreview;
}

const keyOf = ({ workOrderId, attachmentId }: AttachmentRef) => `${workOrderId}:${attachmentId}`;

/**
 * Attachment bytes for previews and downloads: main fetches (or finds in its disk cache) through
 * `attachments:preview`, and the bytes come over HTTP in browser mode or over IPC on the desktop.
 * A small in-memory cache of finished previews lets a preview opened twice paint at once; an object
 * URL is revoked when its entry is dropped. A file's bytes are never given a type a browser would
 * render as a page: images go to <img> only (an SVG as the PNG it draws), everything else stays
 * opaque or becomes text.
 */
class AttachmentFilesService {
  readonly #entries = new Map<string, Entry>();

  /** The preview, from memory when loaded before; a failure is not kept, so the next call tries again. */
  load(ref: AttachmentRef): Promise<LoadedPreview> {
    const key = keyOf(ref);
    const found = this.#entries.get(key);
    if (found) {
      // Most recently used goes last.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found.promise;
    }
    const entry: Entry = { promise: loadPreview(ref) };
    entry.promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    this.#entries.set(key, entry);
    this.#trim();
    return entry.promise;
  }

  /** A preview already loaded, synchronously, so a component paints it on its first frame. */
  peek(ref: AttachmentRef): LoadedPreview | undefined {
    return this.#entries.get(keyOf(ref))?.value;
  }

  /** Starts loading a preview in the background (the review screen's next file); failures stay quiet. */
  prefetch(workOrderId: number, attachmentId: number): void {
    this.load({ workOrderId, attachmentId }).catch(() => undefined);
  }

  /** Forgets a preview (its file was replaced), revoking its object URL. */
  forget(ref: AttachmentRef): void {
    const key = keyOf(ref);
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    if (entry) release(entry);
  }

  /**
   * "Download": the desktop asks main for a native save dialog; a browser reads the bytes and saves
   * them under the file's name. Says how it went in a toast.
   */
  async download(ref: AttachmentRef, name: string): Promise<void> {
    try {
      if (isDesktop()) {
        const { saved } = await invoke('attachments:save', ref);
        if (saved) toasts.show({ tone: 'success', message: `Saved ${name}` });
        return;
      }
      await invoke('attachments:preview', ref);
      downloadBlob(await readBytes(ref), name);
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, `${name} could not be downloaded.`) });
    }
  }

  #trim(): void {
    while (this.#entries.size > MEMORY_ENTRIES) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, Entry];
      this.#entries.delete(oldest);
      release(entry);
    }
  }
}

function release(entry: Entry): void {
  entry.promise.then((value) => {
    if (value.kind === 'image') URL.revokeObjectURL(value.url);
  }, () => undefined);
}

async function loadPreview(ref: AttachmentRef): Promise<LoadedPreview> {
  const info = await invoke('attachments:preview', ref);
  if (info.kind === 'other') return { kind: 'other', info };
  // One byte past the preview's limit says whether the text was cut.
  const bytes = await readBytes(ref, info.kind === 'text' ? TEXT_PREVIEW_MAX_BYTES + 1 : undefined);
  if (info.kind === 'image') {
    // The narrowest type an <img> draws: a raster image's address opened in a tab is still only an
    // image. An SVG is a document that may run script there, so only its bitmap gets an address.
    const type = previewBlobType(info.name, info.mime);
    const image = type === 'image/svg+xml' ? await svgToPng(bytes) : new Blob([bytes], { type });
    return { kind: 'image', info, url: URL.createObjectURL(image) };
  }
  if (info.kind === 'pdf') return { kind: 'pdf', info, bytes };
  const truncated = bytes.size > TEXT_PREVIEW_MAX_BYTES;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await bytes.slice(0, TEXT_PREVIEW_MAX_BYTES).arrayBuffer());
  return { kind: 'text', info, text, truncated };
}

/** Reads at most `limit` bytes of an answer and drops the rest: a 100 MiB log previews its start only. */
async function readUpTo(response: Response, limit: number): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    read += value.byteLength;
    if (read > limit) {
      await reader.cancel();
      break;
    }
  }
  return new Blob(chunks, { type: 'application/octet-stream' });
}

/** The cached bytes over the desktop's IPC, part by part, up to `limit`. */
async function readDesktopBytes(ref: AttachmentRef, limit = Infinity): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (;;) {
    const length = Math.min(ATTACHMENT_CHUNK_MAX_BYTES, limit - offset);
    if (length <= 0) break;
    const part = await invoke('attachments:bytes', { ...ref, offset, length });
    parts.push(part as Uint8Array<ArrayBuffer>);
    offset += part.byteLength;
    if (part.byteLength < length) break;
  }
  return new Blob(parts, { type: 'application/octet-stream' });
}

/** The cached bytes as an opaque Blob: over IPC on the desktop, over the web host's HTTP otherwise. */
async function readBytes(ref: AttachmentRef, limit?: number): Promise<Blob> {
  if (isDesktop()) return readDesktopBytes(ref, limit);
  const response = await fetchFromHost(ATTACHMENT_CONTENT_PATH, { workOrderId: ref.workOrderId, attachmentId: ref.attachmentId });
  return limit === undefined ? response.blob() : readUpTo(response, limit);
}

export const attachmentFiles = new AttachmentFilesService();
