import type { ProviderProfile } from '../../../src-shared/api/provider';
import type { Client } from '../../../src-shared/api/client';
import type { SavedLocation } from '../../../src-shared/api/location';
import type { MarketplaceContext } from '../context';

// Lookups other resources make of providers, saved locations and clients. Filled in with their
// repositories; the signatures are the contract between the work order routes and the rest.

/** A provider (technician) as the spec's provider profile, or undefined. */
export function findProviderProfile(context: MarketplaceContext, providerId: number): ProviderProfile | undefined {
  void context;
  void providerId;
  return undefined;
}

/** A saved location of the company, or undefined. */
export function findSavedLocation(context: MarketplaceContext, companyId: number, locationId: number): SavedLocation | undefined {
  void context;
  void companyId;
  void locationId;
  return undefined;
}

/** A client of the company (with its projects), or undefined. */
export function findClient(context: MarketplaceContext, companyId: number, clientId: number): Client | undefined {
  void context;
  void companyId;
  void clientId;
  return undefined;
}
