// Rate ids of spec 2.3 and field-rules.md: `t2-<carrierCode>-<serviceCode>`, made and read in one place.
const RATE_ID = /^t2-(.+)-([^-]+)$/;

export function rateId(carrierCode: string, serviceCode: string): string {
  return `t2-${carrierCode}-${serviceCode}`;
}

/** The carrier and service a rate id names; undefined when the text is not a rate id. */
export function parseRateId(id: string): { carrierCode: string; serviceCode: string } | undefined {
  const match = RATE_ID.exec(id);
  return match ? { carrierCode: match[1]!, serviceCode: match[2]! } : undefined;
}
