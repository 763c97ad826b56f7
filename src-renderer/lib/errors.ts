import { AppError } from '../../src-shared/errors';
import { toasts } from './toasts.svelte';

/**
 * The words to show for a failure: an AppError carries a message written for coordinators (the
 * registry's, or main's own sentence); anything else is a bug, and `fallback` says what failed.
 */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof AppError ? error.message : fallback;
}

/** The failure as an AppError, keeping its code when it has one. */
export function appErrorOf(error: unknown, fallback: string): AppError {
  return error instanceof AppError ? error : new AppError('INTERNAL', fallback);
}

/** Says a failure in a danger toast. */
export function showError(error: unknown, fallback: string): void {
  toasts.show({ tone: 'danger', message: messageOf(error, fallback) });
}
