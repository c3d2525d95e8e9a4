// The one file of the `zipcodes` package the station reads (services/postal-data.ts): its US ZIP codes, by code.
declare module 'zipcodes/lib/codes.js' {
  export const codes: Record<string, { zip: string; city: string; state: string; country: string; latitude: number; longitude: number }>;
}
