import { WEBHOOK_PATH_PREFIXES } from '../../../src-shared/api/webhook';
import type { MarketplaceOptions } from '../options';
import { restErrorBody, type RestErrorBody } from './errors';

/**
 * The error body for a refusal made before any route runs (the framework's, the caller check):
 * the REST body everywhere but under the webhook service, which answers its own `{error}`
 * (decisions §7).
 */
export function errorBodyAt(url: string, environment: MarketplaceOptions['environment'], status: number, message: string): RestErrorBody | { error: string } {
  return url.startsWith(WEBHOOK_PATH_PREFIXES[environment]) ? { error: message } : restErrorBody(status, message);
}
