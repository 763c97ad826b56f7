import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previewBlobType, previewKindOf, TEXT_PREVIEW_MAX_BYTES } from '../../src-shared/domain/attachment-preview';
import { AppError } from '../../src-shared/errors';
import type { AttachmentPreviewInfo } from '../../src-shared/ipc/attachment-files';
import { attachmentFiles } from '../../src-renderer/services/attachment-files';
import { api } from './support/fake-api';

// The service's only doors: main (lib/api, browser mode) and the web host's HTTP (fetch with the page's token).
const previews = new Map<number, AttachmentPreviewInfo>();
const bodies = new Map<number, Uint8Array>();
/** Both doors' calls in one log, in the order they were made. */
const calls: string[] = [];
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
vi.mock('../../src-renderer/lib/web-bridge', () => ({ takeToken: () => 'page-token' }));
vi.mock('../../src-renderer/lib/toasts.svelte', () => ({ toasts: { show: () => 0 } }));
// Drawing needs a canvas: what matters here is that an SVG reaches the page only as a drawn bitmap.
const drawn: string[] = [];
vi.mock('../../src-renderer/lib/svg-bitmap', () => ({
  svgToPng: async (svg: Blob) => {
    drawn.push(await svg.text());
    return new Blob(['png'], { type: 'image/png' });
  },
}));

const revoked: string[] = [];
beforeEach(() => {
  api.reset();
  api.answer('attachments:preview', ({ attachmentId }) => {
    calls.push(`attachments:preview ${attachmentId}`);
    const info = previews.get(attachmentId);
    if (!info) throw new AppError('ATTACHMENT_NOT_FOUND');
    return info;
  });
  vi.stubGlobal('window', { location: { href: 'http://127.0.0.1:9/' } });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    const id = Number(url.searchParams.get('attachmentId'));
    calls.push(`GET ${url.pathname} ${id} ${(init.headers as Record<string, string>).Authorization}`);
    return new Response(new Blob([(bodies.get(id) ?? new Uint8Array()) as Uint8Array<ArrayBuffer>]));
  });
  const revoke = URL.revokeObjectURL.bind(URL);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
    revoke(url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  calls.length = 0;
});

function file(id: number, name: string, mime: string, body: string | Uint8Array) {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  previews.set(id, { name, mime, size: bytes.length, kind: previewKindOf(name, mime) });
  bodies.set(id, bytes);
}

describe('preview kinds', () => {
  it('images (SVG too) go to <img>, PDFs to the canvas, text formats (HTML and XML included) become text, the rest a card', () => {
    expect(previewKindOf('plan.svg', 'image/svg+xml')).toBe('image');
    expect(previewKindOf('photo.JPG', 'application/octet-stream')).toBe('image');
    expect(previewKindOf('report.pdf', null)).toBe('pdf');
    for (const name of ['a.txt', 'a.csv', 'a.json', 'a.log', 'a.html', 'a.xml', 'a.md']) expect(previewKindOf(name, null)).toBe('text');
    expect(previewKindOf('page', 'text/html; charset=utf-8')).toBe('text');
    expect(previewKindOf('setup.exe', 'application/x-msdownload')).toBe('other');
    // An image's Blob is typed for <img>; anything else stays opaque.
    expect(previewBlobType('plan.svg', 'application/octet-stream')).toBe('image/svg+xml');
    expect(previewBlobType('page.html', 'text/html')).toBe('application/octet-stream');
  });
});

describe('attachmentFiles', () => {
  it('loads an SVG as the PNG it is drawn to (its own address never given), through the page token, and paints it from memory the second time', async () => {
    file(1, 'plan.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>top.x=1</script></svg>');
    const ref = { workOrderId: 5, attachmentId: 1 };
    expect(attachmentFiles.peek(ref)).toBeUndefined();
    const preview = await attachmentFiles.load(ref);
    expect(preview.kind).toBe('image');
    if (preview.kind !== 'image') return;
    expect(preview.url).toMatch(/^blob:/);
    expect(drawn).toEqual(['<svg xmlns="http://www.w3.org/2000/svg"><script>top.x=1</script></svg>']);
    const { resolveObjectURL } = await import('node:buffer');
    expect(resolveObjectURL(preview.url)?.type).toBe('image/png');
    expect(calls).toEqual(['attachments:preview 1', 'GET /attachment-content 1 Bearer page-token']);
    expect(attachmentFiles.peek(ref)).toBe(preview);
    expect(await attachmentFiles.load(ref)).toBe(preview);
    expect(calls).toHaveLength(2);
  });

  it('reads HTML as text (never a page), cut at the preview limit', async () => {
    file(2, 'page.html', 'text/html', '<h1>Hi</h1><script>top.x=1</script>');
    const preview = await attachmentFiles.load({ workOrderId: 5, attachmentId: 2 });
    expect(preview).toMatchObject({ kind: 'text', text: '<h1>Hi</h1><script>top.x=1</script>', truncated: false });
    file(3, 'big.log', 'text/plain', new Uint8Array(TEXT_PREVIEW_MAX_BYTES + 10).fill(65));
    const big = await attachmentFiles.load({ workOrderId: 5, attachmentId: 3 });
    expect(big).toMatchObject({ kind: 'text', truncated: true });
    if (big.kind === 'text') expect(big.text).toHaveLength(TEXT_PREVIEW_MAX_BYTES);
  });

  it('stops reading a long text file past the preview limit', async () => {
    previews.set(7, { name: 'huge.log', mime: 'text/plain', size: 64 * 64 * 1024, kind: 'text' });
    let pulled = 0;
    vi.stubGlobal('fetch', async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += 1;
            if (pulled > 64) controller.close();
            else controller.enqueue(new Uint8Array(64 * 1024).fill(66));
          },
        }),
      ),
    );
    const preview = await attachmentFiles.load({ workOrderId: 5, attachmentId: 7 });
    expect(preview).toMatchObject({ kind: 'text', truncated: true });
    expect(pulled).toBeLessThan(16);
  });

  it('reads no bytes for a file it cannot preview, and forgets a failure so the next load tries again', async () => {
    file(4, 'setup.exe', 'application/x-msdownload', 'MZ');
    expect(await attachmentFiles.load({ workOrderId: 5, attachmentId: 4 })).toMatchObject({ kind: 'other' });
    expect(calls).toEqual(['attachments:preview 4']);
    await expect(attachmentFiles.load({ workOrderId: 5, attachmentId: 99 })).rejects.toThrow('That file is not in the offline copy of the order.');
    file(99, 'late.txt', 'text/plain', 'now here');
    expect(await attachmentFiles.load({ workOrderId: 5, attachmentId: 99 })).toMatchObject({ text: 'now here' });
  });

  it('keeps a bounded number of previews, revoking the object URLs it drops', async () => {
    for (let id = 100; id < 130; id += 1) file(id, `p${id}.png`, 'image/png', new Uint8Array([id]));
    const first = await attachmentFiles.load({ workOrderId: 6, attachmentId: 100 });
    for (let id = 101; id < 130; id += 1) attachmentFiles.prefetch(6, id);
    await vi.waitFor(() => expect(revoked).toContain(first.kind === 'image' ? first.url : ''));
    expect(attachmentFiles.peek({ workOrderId: 6, attachmentId: 100 })).toBeUndefined();
  });
});
