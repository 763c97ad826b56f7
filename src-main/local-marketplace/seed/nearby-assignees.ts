import { type Coordinates, milesBetween } from '../../../src-shared/domain/distance';
import { overlaps, type Span } from '../../../src-shared/domain/time-on-site';
import { locate } from '../domain/site-geography';
import { DEMO_PROVIDERS } from './providers';

/** How far from home a demo provider works *(the demo's choice)*. */
export const NEARBY_MILES = 60;

interface Home {
  id: number;
  coords: Coordinates;
}

/**
 * Who works each seeded order, so the demo's home bases and assigned work agree: of the providers
 * based within NEARBY_MILES of the site, the one given the fewest seeded orders so far, then the
 * nearest; a provider already holding an assigned order at that time is passed over, as dispatch
 * would. With nobody near, the nearest free one.
 */
export class NearbyAssignees {
  readonly #given = new Map<number, number>();
  readonly #holding = new Map<number, Span[]>();
  readonly #homes: Home[] = DEMO_PROVIDERS.flatMap((seed) => {
    const coords = locate({ city: seed.home[0], state: seed.home[1], zip: seed.home[2], country: 'US' });
    return coords ? [{ id: seed.id, coords }] : [];
  });

  /** `holds`: the time the order holds its provider, for an order assigned now; none for finished work. */
  choose(site: Coordinates | undefined, holds: Span | undefined): number {
    const free = this.#homes.filter((home) => !holds || !(this.#holding.get(home.id) ?? []).some((span) => overlaps(span, holds)));
    const miles = (home: Home) => (site ? milesBetween(home.coords, site) : 0);
    const near = free.filter((home) => miles(home) <= NEARBY_MILES);
    const given = (home: Home) => (near.length > 0 ? (this.#given.get(home.id) ?? 0) : 0);
    const [chosen] = (near.length > 0 ? near : free).sort((first, second) => given(first) - given(second) || miles(first) - miles(second) || first.id - second.id);
    if (!chosen) throw new Error('Every demo provider is booked: the seed asks too much of them');
    this.#given.set(chosen.id, (this.#given.get(chosen.id) ?? 0) + 1);
    if (holds) this.#holding.set(chosen.id, [...(this.#holding.get(chosen.id) ?? []), holds]);
    return chosen.id;
  }
}
