// The parts of `zipcodes` (no types of its own) that src-main/geo reads: its table of postal code
// centres, US ZIPs by five digits and Canadian codes by their first three characters.
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Readonly<Record<string, ZipCode>>;
  export function lookup(zip: string | number): ZipCode | undefined;
}
