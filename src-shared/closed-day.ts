// A carrier whose day is closed takes no more parcels for today: what a shipment made after the close is told.
// The station books it for that carrier's next working day and says so in meta.warnings, for the desk and the API.

/** The warning of a parcel moved to the next working day because its carrier's day is closed already. */
export interface CarrierDayClosedWarning {
  code: 'carrierDayClosed';
  pointer: '/data/attributes/shipDate';
  detail: string;
  meta: { carrier: string; carrierName: string; manifest: string; shipDate: string };
}

/** The warning itself, in the API's English; the desk words it from meta. */
export function carrierDayClosedWarning(carrier: string, carrierName: string, manifest: string, shipDate: string): CarrierDayClosedWarning {
  return {
    code: 'carrierDayClosed',
    pointer: '/data/attributes/shipDate',
    detail: `${carrierName} is closed for today (manifest ${manifest}): this parcel ships on ${shipDate}, its next working day.`,
    meta: { carrier, carrierName, manifest, shipDate },
  };
}
