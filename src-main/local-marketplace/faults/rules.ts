import { z } from 'zod';
import { integerField, jsonField } from '../../../src-shared/api/form-fields';
import { MARKETPLACE_ERRORS } from '../http/errors';
import { pathMatcher } from './path-pattern';

/** Longer than any client timeout worth testing (the webhook service waits 30 s). */
const MAX_DELAY_MS = 120_000;
export const RATE_LIMITED_STATUS = MARKETPLACE_ERRORS.RATE_LIMITED.status;
/** What an injected 429 asks the client to wait when the rule does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;
/** Keeps `floor(k × fraction)` exact where floating point lands a hair below a whole number. */
const FRACTION_EPSILON = 1e-9;

export const FaultRuleBodySchema = z
  .strictObject({
    /** An error status, `drop` (close the connection unanswered) or `rate_limit` (429 with Retry-After). */
    status: z.union([integerField(z.number().int().min(400).max(599)), z.enum(['drop', 'rate_limit'])]).optional(),
    /** Real time added before the request is handled (or failed): latency, not marketplace time. */
    delay_ms: integerField(z.number().int().positive().max(MAX_DELAY_MS)).optional(),
    /** The next N matching requests, then the rule is gone. */
    count: integerField(z.number().int().positive().max(1_000_000)).optional(),
    /** That share of the matching requests, evenly spread: of the first n, exactly floor(n × fraction). */
    fraction: jsonField(z.number().gt(0).max(1)).optional(),
    /** Below the base path: a prefix of whole segments, or a glob with `*` and `**`. */
    path: z.string().trim().min(1).max(200).optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
    /** The `Retry-After` of an injected 429. */
    retry_after_seconds: integerField(z.number().int().min(0).max(86_400)).optional(),
  })
  .superRefine((body, context) => {
    if (body.status === undefined && body.delay_ms === undefined) context.addIssue({ code: 'custom', message: 'A fault needs a status, a delay_ms, or both', path: ['status'] });
    if (body.count !== undefined && body.fraction !== undefined) context.addIssue({ code: 'custom', message: 'Give count or fraction, not both', path: ['fraction'] });
    const limited = body.status === 'rate_limit' || body.status === RATE_LIMITED_STATUS;
    if (body.retry_after_seconds !== undefined && !limited) context.addIssue({ code: 'custom', message: 'retry_after_seconds goes with a 429', path: ['retry_after_seconds'] });
  });

export type FaultRuleBody = z.output<typeof FaultRuleBodySchema>;

/** What happens to a request a rule takes. `status` absent: only the delay, then normal handling. */
export interface Fault {
  delayMs: number;
  status?: number | 'drop';
  retryAfterSeconds: number;
}

/** A rule as `GET /__local/faults` shows it. */
export const FaultRuleSchema = z.object({
  id: z.number().int(),
  status: z.union([z.number().int(), z.literal('drop')]).nullable(),
  delay_ms: z.number().int(),
  retry_after_seconds: z.number().int().nullable(),
  count: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  fraction: z.number().nullable(),
  path: z.string().nullable(),
  method: z.string().nullable(),
  /** Matching requests that reached the rule, and those it faulted. */
  seen: z.number().int(),
  applied: z.number().int(),
});

interface ActiveRule {
  id: number;
  body: FaultRuleBody;
  fault: Fault;
  hitsPath: (path: string) => boolean;
  remaining?: number;
  seen: number;
  applied: number;
}

/**
 * The active fault rules of one server, oldest first. A request goes down the list; the first
 * rule that matches its method and path and whose turn it is takes it, and no later rule sees it.
 * A `fraction` rule counts every matching request that reaches it, taken or not.
 */
export class FaultRules {
  #rules: ActiveRule[] = [];
  #nextId = 1;

  add(body: FaultRuleBody): z.input<typeof FaultRuleSchema> {
    const status = body.status === 'rate_limit' ? RATE_LIMITED_STATUS : body.status;
    const rule: ActiveRule = {
      id: this.#nextId++,
      body,
      fault: { delayMs: body.delay_ms ?? 0, status, retryAfterSeconds: body.retry_after_seconds ?? DEFAULT_RETRY_AFTER_SECONDS },
      hitsPath: body.path === undefined ? () => true : pathMatcher(body.path),
      remaining: body.count,
      seen: 0,
      applied: 0,
    };
    this.#rules.push(rule);
    return present(rule);
  }

  list(): z.input<typeof FaultRuleSchema>[] {
    return this.#rules.map(present);
  }

  /** Removes one rule; answers whether it was there. */
  remove(id: number): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  clear(): void {
    this.#rules = [];
  }

  /** The fault for this request, if a rule takes it; a `count` rule that is used up goes. */
  take(method: string, path: string): Fault | undefined {
    for (const rule of this.#rules) {
      if ((rule.body.method !== undefined && rule.body.method !== method) || !rule.hitsPath(path)) continue;
      rule.seen += 1;
      if (!isTurnOf(rule)) continue;
      rule.applied += 1;
      if (rule.remaining !== undefined) {
        rule.remaining -= 1;
        if (rule.remaining === 0) this.remove(rule.id);
      }
      return rule.fault;
    }
    return undefined;
  }
}

/** A fraction rule takes the k-th request it sees when floor(k × fraction) steps up: deterministic and even. */
function isTurnOf(rule: ActiveRule): boolean {
  const { fraction } = rule.body;
  if (fraction === undefined) return true;
  return Math.floor(rule.seen * fraction + FRACTION_EPSILON) > Math.floor((rule.seen - 1) * fraction + FRACTION_EPSILON);
}

function present(rule: ActiveRule): z.input<typeof FaultRuleSchema> {
  const { body, fault } = rule;
  return {
    id: rule.id,
    status: fault.status ?? null,
    delay_ms: fault.delayMs,
    retry_after_seconds: fault.status === RATE_LIMITED_STATUS ? fault.retryAfterSeconds : null,
    count: body.count ?? null,
    remaining: rule.remaining ?? null,
    fraction: body.fraction ?? null,
    path: body.path ?? null,
    method: body.method ?? null,
    seen: rule.seen,
    applied: rule.applied,
  };
}
