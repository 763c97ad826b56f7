/** A column's value from a tolerant answer: trimmed text, or null when absent, blank or not text. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A column's value from a tolerant answer: a finite number, or null. */
export const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
