import { type AppError } from '../../src-shared/errors';
import type { Insights, InsightsRequest } from '../../src-shared/ipc/insights';
import { invoke } from '../lib/api';
import { appErrorOf } from '../lib/errors';

export type InsightsOutcome = { ok: true; value: Insights } | { ok: false; error: AppError };

/** Insights from the cache (main never asks the marketplace for them), or why not. */
export async function loadInsights(request: InsightsRequest): Promise<InsightsOutcome> {
  try {
    return { ok: true, value: await invoke('insights:get', request) };
  } catch (error) {
    return { ok: false, error: appErrorOf(error, 'Insights could not be computed.') };
  }
}
