import { z } from 'zod';

/**
 * Host and Origin checks for servers that listen on loopback only (the web host, the local
 * marketplace). Listening on 127.0.0.1 keeps other machines out, not other web pages: a page
 * whose DNS name is rebound to 127.0.0.1 reaches the port with its own name in `Host`, and any
 * page can send a cross-site form POST with its own `Origin`. Both headers name the page's host,
 * so a server answers only when that host is one it knows as itself.
 */

/** The names a browser puts in `Host` when it really means this machine. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** A DNS name or an IPv4 address, or an IPv6 address in brackets, as it appears in `Host`; no port. */
export const HostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/, 'a host name (no port, no scheme), an IPv4 address or an [IPv6] address')
  .max(253);

// Strict on purpose: `new URL()` would read `evil.example@127.0.0.1` as the host 127.0.0.1.
const HOST_HEADER = /^((?:[a-z0-9-]+\.)*[a-z0-9-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/** The host name of a `Host` header (lower case, without the port), or undefined when it is not one. */
export function hostNameOf(hostHeader: string | undefined): string | undefined {
  return HOST_HEADER.exec(hostHeader?.toLowerCase() ?? '')?.[1];
}

/** Whether a `Host` header names one of `hostNames`, on any port. A missing header names none. */
export function isAllowedHost(hostHeader: string | undefined, hostNames: ReadonlySet<string>): boolean {
  const name = hostNameOf(hostHeader);
  return name !== undefined && hostNames.has(name);
}

/**
 * Whether an `Origin` header names a page on one of `hostNames` (any port, http or https). A
 * request without one (curl, the app's own HTTP client, a same-origin GET) passes; `null` (a
 * sandboxed frame, a redirect) is foreign: it can come from any page.
 */
export function isAllowedOrigin(origin: string | undefined, hostNames: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return isAllowedHost(url.host, hostNames);
}

/** The `Host` headers of a server on `port` of this machine, for a check that also fixes the port. */
export function loopbackHostHeaders(port: number): string[] {
  return LOOPBACK_HOSTNAMES.map((name) => `${name}:${port}`);
}

/** The origins of pages served by a plain-HTTP server on `port` of this machine. */
export function loopbackOrigins(port: number): string[] {
  return loopbackHostHeaders(port).map((host) => `http://${host}`);
}
