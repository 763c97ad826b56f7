import { isTemporaryAttributeId, temporaryAttributeId } from '../../../src-shared/domain/talent-pool-attributes';
import { listItems } from '../../../src-shared/api/common';
import type { SavedLocation } from '../../../src-shared/api/location';
import type { TalentPoolAttribute } from '../../../src-shared/api/talent-pool';
import { AppError } from '../../../src-shared/errors';
import { ApiError } from '../../api-client/api-error';
import { docKey, poolMemberKey } from '../documents';
import { type EnqueueContext, operation, type SendContext, type SendOutcome } from '../operation';
import { describeFields } from '../../../src-shared/domain/field-labels';
import { locationLabel, providerLabel } from '../entry-names';

/** Saved locations and talent pool attributes: company records, each its own lane and document. */

export const locationLane = (id: number): string => `loc:${id}`;
const tempIdOf = (context: Record<string, unknown>): number => context.tempId as number;

/** An edit or delete names a location the cache shows (a temporary one included). */
function requireLocation(input: { id: number }, context: EnqueueContext): Record<string, unknown> {
  if (context.read(docKey('location', input.id)) === null) throw new AppError('LOCATION_NOT_FOUND');
  return {};
}

export const createLocation = operation({
  kind: 'locations:create',
  prepare: (_input, context) => ({ tempId: context.tempId }),
  lane: (_input, context) => locationLane(tempIdOf(context)),
  workOrderId: () => null,
  summary: (input) => `Save location “${input.location.name}”`,
  docs: (_input, context) => [docKey('location', tempIdOf(context))],
  project: (_key, _value, input, context) => ({ ...input.location, id: tempIdOf(context) }) as SavedLocation,
  mapIds: (input) => input,
  async send(input, context) {
    const answer = await context.client.company.createLocation(input.location, { signal: context.signal });
    return { created: { temp: tempIdOf(context.context), real: answer.id }, docs: { [docKey('location', answer.id)]: answer } };
  },
  /** A location of the same name and address is the one a lost answer saved. */
  async confirm(input, context) {
    const answer = await context.client.company.locations({ f_search: input.location.name, per_page: 100 }, { signal: context.signal });
    const { name, address1, zip } = input.location;
    const found = listItems(answer).find((location) => location.name === name && location.address1 === address1 && location.zip === zip);
    return found ? { created: { temp: tempIdOf(context.context), real: found.id }, docs: { [docKey('location', found.id)]: found } } : undefined;
  },
  changedFields: (input) => input.location,
});

export const updateLocation = operation({
  kind: 'locations:update',
  prepare: requireLocation,
  lane: (input) => locationLane(input.id),
  workOrderId: () => null,
  summary: (input, context) => `Edit the ${describeFields(Object.keys(input.changes))} of the location ${locationLabel(input.id, context)}`,
  docs: (input) => [docKey('location', input.id)],
  project: (_key, value, input) => (value ? { ...(value as SavedLocation), ...input.changes } : value),
  mapIds: (input, map) => ({ ...input, id: map(input.id) }),
  async send(input, context) {
    const answer = await context.client.company.updateLocation(input.id, input.changes, { signal: context.signal });
    return { docs: { [docKey('location', input.id)]: answer } };
  },
  changedFields: (input) => input.changes,
});

export const deleteLocation = operation({
  kind: 'locations:delete',
  prepare: requireLocation,
  lane: (input) => locationLane(input.id),
  workOrderId: () => null,
  summary: (input, context) => `Delete the location ${locationLabel(input.id, context)}`,
  docs: (input) => [docKey('location', input.id)],
  project: () => null,
  mapIds: (input, map) => ({ ...input, id: map(input.id) }),
  async send(input, context) {
    try {
      await context.client.company.deleteLocation(input.id, { signal: context.signal });
    } catch (error) {
      // Gone already: an earlier attempt whose answer was lost deleted it.
      if (!(context.uncertain && error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
    }
    return { docs: { [docKey('location', input.id)]: null } };
  },
});

const memberLane = (poolId: number, providerId: number): string => `pool:${poolId}:${providerId}`;
const memberKey = (input: { poolId: number; providerId: number }) => poolMemberKey(input.poolId, input.providerId);


/** The member's attributes as the marketplace holds them now: the base the cache takes after a change. */
async function memberAttributes(input: { poolId: number; providerId: number }, context: SendContext): Promise<SendOutcome> {
  const member = { talentPoolId: input.poolId, providerId: input.providerId };
  const attributes = listItems(await context.client.company.talentPoolAttributes(member, {}, { signal: context.signal }));
  return { docs: { [memberKey(input)]: attributes } };
}

/** Sets attributes by name: changes the value of a name the provider has, creates the others. Sending it twice sets the same values. */
export const setTalentPoolAttributes = operation({
  kind: 'talent-pools:set-attributes',
  prepare: (_input, context) => ({ tempId: context.tempId }),
  lane: (input) => memberLane(input.poolId, input.providerId),
  workOrderId: () => null,
  summary: (input, context) => `Set ${input.attributes.map((attribute) => attribute.name).join(', ')} for ${providerLabel(input.providerId, context)}`,
  docs: (input) => [memberKey(input)],
  project(_key, value, input, context) {
    if (value === null) return null;
    // Entries queued before attributes were shown at once have no temporary id of their own.
    const tempId = typeof context.tempId === 'number' ? context.tempId : 0;
    const attributes = (value as TalentPoolAttribute[]).map((attribute) => ({ ...attribute }));
    input.attributes.forEach(({ name, value: newValue }, index) => {
      const existing = attributes.find((attribute) => attribute.name === name);
      if (existing) existing.value = newValue;
      else attributes.push({ id: temporaryAttributeId(tempId, index), name, value: newValue });
    });
    return attributes;
  },
  mapIds: (input) => input,
  async send(input, context) {
    const member = { talentPoolId: input.poolId, providerId: input.providerId };
    const existing = new Map(listItems(await context.client.company.talentPoolAttributes(member, {}, { signal: context.signal })).map((attribute) => [attribute.name, attribute.id]));
    const changes = input.attributes.flatMap(({ name, value }) => {
      const id = existing.get(name);
      return id === undefined ? [] : [{ id, value }];
    });
    const additions = input.attributes.filter(({ name }) => !existing.has(name));
    if (changes.length > 0) await context.client.company.updateTalentPoolAttributes(member, { attributes: changes }, { signal: context.signal });
    if (additions.length > 0) await context.client.company.addTalentPoolAttributes(member, { attributes: additions }, { signal: context.signal });
    return memberAttributes(input, context);
  },
  changedFields: (input) => Object.fromEntries(input.attributes.map(({ name, value }) => [name, value])),
});

/**
 * Removes one attribute by its id. One added offline has only a temporary id until its set is sent;
 * removing it is refused when queued (discarding the change that adds it is the way).
 */
export const deleteTalentPoolAttribute = operation({
  kind: 'talent-pools:delete-attribute',
  prepare(input) {
    if (isTemporaryAttributeId(input.attributeId)) throw new AppError('OUTBOX_NOT_ALLOWED', 'That attribute is not on the marketplace yet: discard the change that adds it instead.');
    return {};
  },
  lane: (input) => memberLane(input.poolId, input.providerId),
  workOrderId: () => null,
  summary: (input, context) => `Remove an attribute of ${providerLabel(input.providerId, context)}`,
  docs: (input) => [memberKey(input)],
  project: (_key, value, input) => (value === null ? null : (value as TalentPoolAttribute[]).filter((attribute) => attribute.id !== input.attributeId)),
  mapIds: (input) => input,
  async send(input, context) {
    try {
      await context.client.company.deleteTalentPoolAttribute({ talentPoolId: input.poolId, providerId: input.providerId }, input.attributeId, { signal: context.signal });
    } catch (error) {
      if (!(context.uncertain && error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
    }
    return memberAttributes(input, context);
  },
});
