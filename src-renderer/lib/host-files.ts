import { AppError } from '../../src-shared/errors';
import { ErrorBodySchema } from '../../src-shared/ipc/channels';
import { takeToken } from './web-bridge';

/**
 * Browser mode's bytes from the web host (an attachment's content, a folder's zip): a GET with the
 * page's token as a bearer, never cached; a refusal becomes the AppError main answered.
 */
export async function fetchFromHost(path: string, params: Record<string, string | number>): Promise<Response> {
  const token = takeToken();
  if (!token) throw new AppError('IPC_NOT_CONNECTED');
  const url = new URL(path, window.location.href);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
  } catch {
    throw new AppError('IPC_DISCONNECTED');
  }
  if (response.ok) return response;
  const refusal = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  throw refusal.success ? AppError.fromBody(refusal.data) : new AppError('INTERNAL');
}

/** Hands bytes to the browser as a download under `name` (an object URL and a link). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the URL once click() returns; revoking later keeps slow ones safe.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
