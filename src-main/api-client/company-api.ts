import {
  ClientListSchema,
  ClientSchema,
  CompanyExpenseCategoryListSchema,
  IncompleteReasonListSchema,
  listEnvelope,
  LocationTypesAnswerSchema,
  NamedReferenceSchema,
  PreferredProviderGroupDetailSchema,
  PreferredProviderGroupListSchema,
  ProjectSchema,
  SavedLocationCreateBodySchema,
  SavedLocationListQuerySchema,
  SavedLocationListSchema,
  SavedLocationSchema,
  SavedLocationUpdateBodySchema,
  SelectionRuleListQuerySchema,
  SelectionRuleListSchema,
  TagListSchema,
  TalentPoolAttributeListQuerySchema,
  TalentPoolAttributeListSchema,
  TalentPoolAttributeSchema,
  TalentPoolAttributesCreateBodySchema,
  TalentPoolAttributesUpdateBodySchema,
  TalentPoolAttributeUpdateBodySchema,
  TypeOfWorkListSchema,
  UserSchema,
} from '../../src-shared/api';
import { type CallOptions, type Input, queryOf, type RestCaller, segment, validated } from './rest-caller';

const ServiceTypeListSchema = listEnvelope(NamedReferenceSchema);
const ProjectListSchema = listEnvelope(ProjectSchema);

/** One provider in one talent pool: where the attributes live. */
export interface PoolMember {
  talentPoolId: number;
  providerId: number;
}

/** Company-wide data: reference data, saved locations, clients and projects, users, talent pools. */
export class CompanyApi {
  constructor(private readonly rest: RestCaller) {}

  async typesOfWork({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'types-of-work', response: TypeOfWorkListSchema, signal });
  }

  async serviceTypes(typeOfWorkId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `types-of-work/${segment(typeOfWorkId)}/service-types`, response: ServiceTypeListSchema, signal });
  }

  async expenseCategories({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'company/expenses', response: CompanyExpenseCategoryListSchema, signal });
  }

  async tags({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'company/tags', response: TagListSchema, signal });
  }

  async incompleteReasons({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'company/incomplete-reasons', response: IncompleteReasonListSchema, signal });
  }

  async locationTypes({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'locations/location-types', response: LocationTypesAnswerSchema, signal });
  }

  async preferredProviders({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'company/preferred-providers', response: PreferredProviderGroupListSchema, signal });
  }

  /** Ours (decisions): a group's pools and their providers; the real service may answer 404. */
  async preferredProviderGroup(groupId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `company/preferred-providers/${segment(groupId)}`, response: PreferredProviderGroupDetailSchema, signal });
  }

  async locations(query: Input<typeof SavedLocationListQuerySchema> = {}, { signal }: CallOptions = {}) {
    const sent = validated(SavedLocationListQuerySchema, query, 'location search');
    return this.rest.call({ method: 'GET', path: 'locations', query: queryOf(sent), response: SavedLocationListSchema, signal });
  }

  async createLocation(body: Input<typeof SavedLocationCreateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(SavedLocationCreateBodySchema, body, 'new location');
    return this.rest.call({ method: 'POST', path: 'locations', body: sent, response: SavedLocationSchema, signal });
  }

  async updateLocation(locationId: number, body: Input<typeof SavedLocationUpdateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(SavedLocationUpdateBodySchema, body, 'location change');
    return this.rest.call({ method: 'PUT', path: `locations/${segment(locationId)}`, body: sent, response: SavedLocationSchema, signal });
  }

  async deleteLocation(locationId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'DELETE', path: `locations/${segment(locationId)}`, response: SavedLocationSchema, signal });
  }

  async clients({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'company/clients', response: ClientListSchema, signal });
  }

  async client(clientId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `company/clients/${segment(clientId)}`, response: ClientSchema, signal });
  }

  async projects(clientId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `company/clients/${segment(clientId)}/projects`, response: ProjectListSchema, signal });
  }

  /** A provider (or a manager of the company): profile, home base, upcoming schedule, jobs with the company. */
  async user(userId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `users/${segment(userId)}`, response: UserSchema, signal });
  }

  /** The company's selection rules, a page at a time; auto-dispatch takes one's id as `selection_rule_id`. */
  async selectionRules(query: Input<typeof SelectionRuleListQuerySchema> = {}, { signal }: CallOptions = {}) {
    const sent = validated(SelectionRuleListQuerySchema, query, 'selection rule page');
    return this.rest.call({ method: 'GET', path: 'company/selection_rules', query: queryOf(sent), response: SelectionRuleListSchema, signal });
  }

  async talentPoolAttributes(member: PoolMember, query: Input<typeof TalentPoolAttributeListQuerySchema> = {}, { signal }: CallOptions = {}) {
    const sent = validated(TalentPoolAttributeListQuerySchema, query, 'attribute query');
    return this.rest.call({ method: 'GET', path: attributesPath(member), query: queryOf(sent), response: TalentPoolAttributeListSchema, signal });
  }

  async addTalentPoolAttributes(member: PoolMember, body: Input<typeof TalentPoolAttributesCreateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(TalentPoolAttributesCreateBodySchema, body, 'attributes');
    return this.rest.call({ method: 'POST', path: attributesPath(member), body: sent, response: TalentPoolAttributeListSchema, signal });
  }

  async updateTalentPoolAttributes(member: PoolMember, body: Input<typeof TalentPoolAttributesUpdateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(TalentPoolAttributesUpdateBodySchema, body, 'attribute changes');
    return this.rest.call({ method: 'PUT', path: attributesPath(member), body: sent, response: TalentPoolAttributeListSchema, signal });
  }

  async updateTalentPoolAttribute(member: PoolMember, attributeId: string, body: Input<typeof TalentPoolAttributeUpdateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(TalentPoolAttributeUpdateBodySchema, body, 'attribute change');
    return this.rest.call({ method: 'PUT', path: `${attributesPath(member)}/${segment(attributeId)}`, body: sent, response: TalentPoolAttributeSchema, signal });
  }

  async deleteTalentPoolAttribute(member: PoolMember, attributeId: string, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'DELETE', path: `${attributesPath(member)}/${segment(attributeId)}`, response: TalentPoolAttributeSchema, signal });
  }
}

function attributesPath({ talentPoolId, providerId }: PoolMember): string {
  return `talent-pools/${segment(talentPoolId)}/providers/${segment(providerId)}/attributes`;
}
