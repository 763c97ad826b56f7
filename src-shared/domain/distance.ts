/** A point on the earth, in degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The earth's mean radius: distances are in miles, as the marketplace's selection rules count them *(ours)*. */
const EARTH_RADIUS_MILES = 3958.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in miles: as the crow flies, which is what a home base and a site give. */
export function milesBetween(from: Coordinates, to: Coordinates): number {
  const latitudeChange = radians(to.latitude - from.latitude);
  const longitudeChange = radians(to.longitude - from.longitude);
  const haversine = Math.sin(latitudeChange / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(longitudeChange / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(haversine)));
}
