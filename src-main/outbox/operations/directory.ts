import { listItems } from '../../../src-shared/api/common';
import type { SavedLocation } from '../../../src-shared/api/location';
import { AppError } from '../../../src-shared/errors';
import { ApiError } from '../../api-client/api-error';
import { docKey } from '../documents';
import { type EnqueueContext, operation } from '../operation';

/** Saved locations and talent pool attributes: company records, each its own lane. */

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
  summary: (input) => `Edit location ${input.id} (${Object.keys(input.changes).join(', ')})`,
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
  summary: (input) => `Delete location ${input.id}`,
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

/** Sets attributes by name: changes the value of a name the provider has, creates the others. Sending it twice sets the same values. */
export const setTalentPoolAttributes = operation({
  kind: 'talent-pools:set-attributes',
  lane: (input) => memberLane(input.poolId, input.providerId),
  workOrderId: () => null,
  summary: (input) => `Set ${input.attributes.map((attribute) => attribute.name).join(', ')} for provider ${input.providerId} in pool ${input.poolId}`,
  docs: () => [],
  project: (_key, value) => value,
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
    return {};
  },
  changedFields: (input) => Object.fromEntries(input.attributes.map(({ name, value }) => [name, value])),
});

export const deleteTalentPoolAttribute = operation({
  kind: 'talent-pools:delete-attribute',
  lane: (input) => memberLane(input.poolId, input.providerId),
  workOrderId: () => null,
  summary: (input) => `Remove an attribute of provider ${input.providerId} in pool ${input.poolId}`,
  docs: () => [],
  project: (_key, value) => value,
  mapIds: (input) => input,
  async send(input, context) {
    try {
      await context.client.company.deleteTalentPoolAttribute({ talentPoolId: input.poolId, providerId: input.providerId }, input.attributeId, { signal: context.signal });
    } catch (error) {
      if (!(context.uncertain && error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
    }
    return {};
  },
});
