/**
 * The id an attribute added offline shows until the marketplace names it. Attribute ids are uuids
 * (the channels check them so), so the temporary one is a uuid no service makes: the outbox entry's
 * temporary (negative) id, negated, with the attribute's place in the entry. Main makes them; the
 * screen treats one as "no id yet" (it names nothing on the marketplace).
 */
const TEMPORARY_ATTRIBUTE_PREFIX = 'ffffffff-ffff-ffff-';

export function temporaryAttributeId(tempId: number, index: number): string {
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0').slice(-width);
  return `${TEMPORARY_ATTRIBUTE_PREFIX}${hex(index, 4)}-${hex(-tempId, 12)}`;
}

export const isTemporaryAttributeId = (id: string): boolean => id.toLowerCase().startsWith(TEMPORARY_ATTRIBUTE_PREFIX);
