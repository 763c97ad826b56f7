import type { WorkOrder } from '../../src-shared/api/work-order';
import { AppError } from '../../src-shared/errors';
import { invoke } from '../lib/api';

const RESULTS = 8;

/** Orders for "go to order": an exact id first, then the cache's search by title and the rest. */
export async function findOrders(text: string): Promise<WorkOrder[]> {
  const trimmed = text.trim().replace(/^#/, '');
  if (trimmed === '') return [];
  const id = /^-?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
  const [exact, page] = await Promise.all([
    id === undefined || id === 0 ? undefined : invoke('workorders:get', { id }).catch((error: unknown) => (error instanceof AppError ? undefined : Promise.reject(error))),
    invoke('workorders:list', { list: 'workorders_all', search: trimmed, per_page: RESULTS }),
  ]);
  const rest = page.results.filter((order) => order.id !== exact?.id);
  return exact ? [exact, ...rest].slice(0, RESULTS) : rest;
}
