// The map's city labels: a short list of major US cities by name (a fact, not a data set), each
// placed at the median of its ZIP code centres in the `zipcodes` package the marketplace already
// geocodes with (USPS and Census data). Tier 1 shows from the whole country's view, tier 2 from a
// region's, tier 3 (the remaining state capitals) from a state's. `make-major-cities.mjs` writes it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const TIERS = [
  ['New York NY', 'Los Angeles CA', 'Chicago IL', 'Houston TX', 'Phoenix AZ', 'Philadelphia PA', 'Dallas TX', 'San Francisco CA', 'Seattle WA', 'Denver CO', 'Washington DC', 'Boston MA', 'Atlanta GA', 'Miami FL', 'Minneapolis MN', 'Detroit MI', 'Salt Lake City UT', 'Kansas City MO', 'New Orleans LA', 'Las Vegas NV', 'Portland OR', 'Anchorage AK', 'Honolulu HI'],
  ['San Antonio TX', 'San Diego CA', 'San Jose CA', 'Austin TX', 'Jacksonville FL', 'Columbus OH', 'Indianapolis IN', 'Charlotte NC', 'Nashville TN', 'El Paso TX', 'Oklahoma City OK', 'Memphis TN', 'Louisville KY', 'Baltimore MD', 'Milwaukee WI', 'Albuquerque NM', 'Tucson AZ', 'Fresno CA', 'Sacramento CA', 'Omaha NE', 'Raleigh NC', 'Cleveland OH', 'Pittsburgh PA', 'Tampa FL', 'Orlando FL', 'Cincinnati OH', 'Saint Louis MO', 'Buffalo NY', 'Boise ID', 'Spokane WA', 'Billings MT', 'Fargo ND', 'Sioux Falls SD', 'Birmingham AL', 'Little Rock AR', 'Jackson MS', 'Des Moines IA', 'Wichita KS', 'Richmond VA', 'Charleston SC', 'Reno NV', 'Tulsa OK', 'Amarillo TX', 'Pensacola FL', 'Norfolk VA'],
  ['Montgomery AL', 'Juneau AK', 'Sacramento CA', 'Hartford CT', 'Dover DE', 'Tallahassee FL', 'Springfield IL', 'Frankfort KY', 'Baton Rouge LA', 'Augusta ME', 'Annapolis MD', 'Lansing MI', 'Saint Paul MN', 'Jefferson City MO', 'Helena MT', 'Lincoln NE', 'Carson City NV', 'Concord NH', 'Trenton NJ', 'Santa Fe NM', 'Albany NY', 'Bismarck ND', 'Salem OR', 'Harrisburg PA', 'Providence RI', 'Columbia SC', 'Pierre SD', 'Montpelier VT', 'Olympia WA', 'Charleston WV', 'Madison WI', 'Cheyenne WY', 'Topeka KS', 'Springfield MA', 'Portland ME', 'Burlington VT', 'Manchester NH', 'Wilmington DE', 'Corpus Christi TX', 'Lubbock TX', 'Savannah GA', 'Knoxville TN', 'Greensboro NC', 'Rochester NY', 'Grand Rapids MI', 'Duluth MN', 'Rapid City SD', 'Flagstaff AZ', 'Bakersfield CA', 'Eugene OR', 'Missoula MT', 'Shreveport LA'],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each city once, in its highest tier: `{ name, state, tier, latitude, longitude }`, to 3 decimals. */
export function majorCities() {
  const { lookupByName } = require('zipcodes');
  const seen = new Set();
  const cities = [];
  TIERS.forEach((names, index) => {
    for (const entry of names) {
      const state = entry.slice(-2);
      const city = entry.slice(0, -3);
      if (seen.has(entry)) continue;
      seen.add(entry);
      const codes = lookupByName(city, state);
      if (codes.length === 0) throw new Error(`${entry}: not in zipcodes`);
      const round = (value) => Math.round(value * 1000) / 1000;
      cities.push({ name: city.replace(/^Saint /, 'St. '), state, tier: index + 1, latitude: round(median(codes.map((code) => code.latitude))), longitude: round(median(codes.map((code) => code.longitude))) });
    }
  });
  return cities;
}
