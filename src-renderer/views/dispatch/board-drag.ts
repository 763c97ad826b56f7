/**
 * What a mouse drag carries between the tray, the blocks and the provider rows: the order, where it
 * came from, and for a block where the pointer held it (so the block lands under the pointer, not
 * at its left edge).
 */
export const DRAG_TYPE = 'application/x-field-desk-order';

export interface DragPayload {
  id: number;
  from: 'tray' | 'block';
  /** Pixels from the block's left edge to the pointer. */
  offset: number;
}

export function startDrag(event: DragEvent, payload: DragPayload): void {
  if (!event.dataTransfer) return;
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(payload));
  event.dataTransfer.effectAllowed = 'move';
}

export function carriesOrder(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes(DRAG_TYPE) ?? false;
}

export function payloadOf(event: DragEvent): DragPayload | undefined {
  const text = event.dataTransfer?.getData(DRAG_TYPE);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<DragPayload>;
    return typeof value.id === 'number' && (value.from === 'tray' || value.from === 'block') ? { id: value.id, from: value.from, offset: Number(value.offset) || 0 } : undefined;
  } catch {
    return undefined;
  }
}
