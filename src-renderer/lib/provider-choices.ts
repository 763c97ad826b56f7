import type { ProviderRequest } from '../../src-shared/api/provider';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { routedProviders } from '../../src-shared/domain/work-order-people';
import { personName } from './format';

/** A provider the company knows (a talent pool's member, or one asking for an order). */
export interface ProviderOption {
  id: number;
  name: string;
  /** "Austin, TX"; empty when unknown. */
  place: string;
  stars?: number;
  pools: string[];
}

/** A provider to pick, said with why it is offered first: routed to the order, or asking for it. */
export type ProviderChoice = ProviderOption & { note?: 'Routed' | 'Requested' | 'Counter-offer' };

/**
 * The providers an assign or route picker offers for one order: those it is routed to, then those
 * who asked for it (counter-offers said so), then the talent pools', each once. The routed
 * provider is the one an assignment usually goes to, so it comes chosen.
 */
export function providerChoices(pools: readonly ProviderOption[], order: WorkOrder | undefined, requests: readonly ProviderRequest[]): { choices: ProviderChoice[]; preselect?: number } {
  const byId = new Map(pools.map((provider) => [provider.id, provider]));
  const routed = order ? routedProviders(order) : [];
  const asking = requests.filter((request) => request.active !== false && typeof request.user?.id === 'number');
  const first: ProviderChoice[] = [];
  const seen = new Set<number>();
  const add = (id: number, note: ProviderChoice['note'], fallbackName: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    first.push({ ...(byId.get(id) ?? { id, name: fallbackName, place: '', pools: [] }), note });
  };
  for (const id of routed) add(id, 'Routed', `Provider ${id}`);
  for (const request of asking) {
    const user = request.user as { id: number; first_name?: string | null; last_name?: string | null };
    add(user.id, request.counter ? 'Counter-offer' : 'Requested', personName(user, `Provider ${user.id}`));
  }
  const rest = pools.filter((provider) => !seen.has(provider.id));
  return { choices: [...first, ...rest], preselect: routed[0] };
}

/** "★ 4.6", or "No rating yet" for a provider nobody rated (a 0.0 reads as a bad one). */
export const ratingText = (stars: number | undefined): string => (stars ? `★ ${stars.toFixed(1)}` : 'No rating yet');
