/**
 * The one way a configured address and a path become a URL: `{base_url}/workorders`,
 * `{auth_url}/authentication/api/oauth/token`, `{webhook_url}/v1/webhook/webhooks`. The path is
 * appended, so an address with a path of its own (a gateway prefix) keeps it; `new URL(path, base)`
 * would drop it for a path that starts with a slash. Nothing is parsed here: the transport does,
 * and answers a bad address with a typed error.
 */
export function joinUrl(base: string, path: string): string {
  const tail = path.replace(/^\/+/, '');
  const head = base.replace(/\/+$/, '');
  return tail === '' ? head : `${head}/${tail}`;
}
