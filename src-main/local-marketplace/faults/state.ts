import type { MarketplaceContext } from '../context';
import { RateLimiter } from './rate-limit';
import { FaultRules } from './rules';

/** What one server injects and limits: the REST hook reads it, `/__local/faults` and `/__local/rate-limit` change it. */
export interface FaultControls {
  rules: FaultRules;
  limiter: RateLimiter;
}

// Kept in memory, not in the database: faults are a test's setting, gone with the process.
// `/__local/reset` and `DELETE /__local/faults` clear the rules; the rate limit stays as set.
const controls = new WeakMap<MarketplaceContext, FaultControls>();

export function faultControls(context: MarketplaceContext): FaultControls {
  let found = controls.get(context);
  if (!found) {
    found = { rules: new FaultRules(), limiter: new RateLimiter(context.options.rateLimitPerMinute) };
    controls.set(context, found);
  }
  return found;
}
