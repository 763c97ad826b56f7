import type { ProviderProfile } from '../../../src-shared/api/provider';
import type { Client } from '../../../src-shared/api/client';
import type { SavedLocation } from '../../../src-shared/api/location';
import type { MarketplaceContext } from '../context';
import { clientOfCompany } from './clients';
import { savedLocation } from './locations';
import { providerProfile } from './providers';

// Lookups other resources make of providers, saved locations and clients: the contract between
// the work order routes and the repositories, answered with the same presenters as their routes.

/** A provider (technician) as the spec's provider profile, or undefined. */
export function findProviderProfile(context: MarketplaceContext, providerId: number): ProviderProfile | undefined {
  return providerProfile(context, providerId);
}

/** A saved location of the company, or undefined. */
export function findSavedLocation(context: MarketplaceContext, companyId: number, locationId: number): SavedLocation | undefined {
  return savedLocation(context, companyId, locationId);
}

/** A client of the company (with its projects), or undefined. */
export function findClient(context: MarketplaceContext, companyId: number, clientId: number): Client | undefined {
  return clientOfCompany(context, companyId, clientId);
}
