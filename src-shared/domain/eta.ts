import type { StatusSlug } from '../api/status';

/**
 * The buyer sets the technician's ETA only while the order is Assigned (decisions §6): before,
 * nobody is coming; after, they came. The marketplace answers 400 otherwise; the app checks before it queues.
 */
export const canSetEta = (status: StatusSlug): boolean => status === 'assigned';
