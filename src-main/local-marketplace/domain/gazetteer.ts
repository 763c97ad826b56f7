import type { Coordinates } from '../../../src-shared/domain/distance';

// Where places are *(ours)*. The real service geocodes every address; the local marketplace has no
// geocoder and no network, so it knows the centres of the US cities below: the demo's home bases
// and sites, and the largest cities. A place not listed has no coordinates, so no distance: a rule
// that asks for one does not match it. Keys are `city, state` in lower case.

const CITIES: Readonly<Record<string, readonly [number, number]>> = {
  // The demo's home bases and sites (seed/providers.ts, seed/locations.ts, seed/work-orders.ts).
  'chicago, il': [41.8781, -87.6298],
  'evanston, il': [42.0451, -87.6877],
  'naperville, il': [41.7508, -88.1535],
  'joliet, il': [41.525, -88.0817],
  'milwaukee, wi': [43.0389, -87.9065],
  'madison, wi': [43.0731, -89.4012],
  'phoenix, az': [33.4484, -112.074],
  'tempe, az': [33.4255, -111.94],
  'tampa, fl': [27.9506, -82.4572],
  'orlando, fl': [28.5383, -81.3792],
  'st. petersburg, fl': [27.7676, -82.6403],
  'austin, tx': [30.2672, -97.7431],
  'round rock, tx': [30.5083, -97.6789],
  'houston, tx': [29.7604, -95.3698],
  'denver, co': [39.7392, -104.9903],
  'aurora, co': [39.7294, -104.8319],
  'columbus, oh': [39.9612, -82.9988],
  'dearborn, mi': [42.3223, -83.1763],
  'detroit, mi': [42.3314, -83.0458],
  'sacramento, ca': [38.5816, -121.4944],
  'portland, or': [45.5152, -122.6784],
  // The largest cities besides.
  'albuquerque, nm': [35.0844, -106.6504],
  'anchorage, ak': [61.2181, -149.9003],
  'atlanta, ga': [33.749, -84.388],
  'baltimore, md': [39.2904, -76.6122],
  'birmingham, al': [33.5186, -86.8104],
  'boise, id': [43.615, -116.2023],
  'boston, ma': [42.3601, -71.0589],
  'buffalo, ny': [42.8864, -78.8784],
  'charlotte, nc': [35.2271, -80.8431],
  'cincinnati, oh': [39.1031, -84.512],
  'cleveland, oh': [41.4993, -81.6944],
  'dallas, tx': [32.7767, -96.797],
  'el paso, tx': [31.7619, -106.485],
  'fort worth, tx': [32.7555, -97.3308],
  'fresno, ca': [36.7378, -119.7871],
  'honolulu, hi': [21.3069, -157.8583],
  'indianapolis, in': [39.7684, -86.1581],
  'irvine, ca': [33.6846, -117.8265],
  'jacksonville, fl': [30.3322, -81.6557],
  'kansas city, mo': [39.0997, -94.5786],
  'las vegas, nv': [36.1699, -115.1398],
  'los angeles, ca': [34.0522, -118.2437],
  'louisville, ky': [38.2527, -85.7585],
  'memphis, tn': [35.1495, -90.049],
  'mesa, az': [33.4152, -111.8315],
  'miami, fl': [25.7617, -80.1918],
  'minneapolis, mn': [44.9778, -93.265],
  'nashville, tn': [36.1627, -86.7816],
  'new orleans, la': [29.9511, -90.0715],
  'new york, ny': [40.7128, -74.006],
  'oakland, ca': [37.8044, -122.2712],
  'oklahoma city, ok': [35.4676, -97.5164],
  'omaha, ne': [41.2565, -95.9345],
  'philadelphia, pa': [39.9526, -75.1652],
  'pittsburgh, pa': [40.4406, -79.9959],
  'plano, tx': [33.0198, -96.6989],
  'raleigh, nc': [35.7796, -78.6382],
  'richmond, va': [37.5407, -77.436],
  'salt lake city, ut': [40.7608, -111.891],
  'san antonio, tx': [29.4241, -98.4936],
  'san diego, ca': [32.7157, -117.1611],
  'san francisco, ca': [37.7749, -122.4194],
  'san jose, ca': [37.3382, -121.8863],
  'scottsdale, az': [33.4942, -111.9261],
  'seattle, wa': [47.6062, -122.3321],
  'st. louis, mo': [38.627, -90.1994],
  'st. paul, mn': [44.9537, -93.09],
  'tucson, az': [32.2226, -110.9747],
  'tulsa, ok': [36.154, -95.9928],
  'washington, dc': [38.9072, -77.0369],
};

export interface Place {
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

/** "Saint Louis" and "St Louis" are "St. Louis". */
function key(city: string, state: string): string {
  const name = city.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^(saint|st\.?) /, 'st. ');
  return `${name}, ${state.trim().toLowerCase()}`;
}

/** The centre of the place's city, when it is a US city the marketplace knows. */
export function coordinatesOf(place: Place | null | undefined): Coordinates | undefined {
  if (!place?.city || !place.state || (place.country && place.country !== 'US')) return undefined;
  const found = CITIES[key(place.city, place.state)];
  return found ? { latitude: found[0], longitude: found[1] } : undefined;
}
