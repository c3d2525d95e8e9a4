// A priced carrier service, and why a service cannot carry a shipment: what carriers answer and services,
// the scheduler and the API serializers pass on.
import type { CarrierDayClosedWarning } from '../../src-shared/closed-day.ts';
import type { Emissions } from '../../src-shared/emissions.ts';
import type { DeliveryOutlook } from '../../src-shared/delivery-outlook.ts';
import type { ServiceOption, Transport } from '../../src-shared/shipment-options.ts';
import type { UnavailableReason } from '../../src-shared/unavailable-reasons.ts';

/** What a quote's finalCents is made of, in cents before VAT. */
export interface PriceBreakdown {
  freightCents: number;
  fuelCents: number;
  /** `asked`: the signature level asked for, when the card's nearest stricter level (`option`) gives it. */
  options: { option: ServiceOption; cents: number; asked?: ServiceOption }[];
}

export interface Quote {
  carrierCode: string;
  carrierName: string;
  choiceCode: string;
  serviceCode: string;
  serviceName: string;
  serviceDefinitionCode: string;
  accountId: string;
  currency: string;
  finalCents: number;
  prepaidCents: number;
  vatPercent: number;
  insuranceCents: number | null;
  estimatedDeliveryDate: string | null;
  transitDays: number;
  /** The upstream's own rate id, for a quote of an upstream service: what its confirm is sent with. */
  upstreamRateId?: string;
  /** What finalCents is made of, when the carrier says so. */
  breakdown?: PriceBreakdown;
  /** How the service moves the parcel, as its rate card says; an upstream's services do not say. */
  transport?: Transport;
  /** The parcel's CO2e on this service, when the rate list is answered (null when its route cannot be placed). */
  emissions?: Emissions | null;
  /** When it arrives on this service, from the account's tracking history or the card, when the rate list is answered. */
  delivery?: DeliveryOutlook;
}

export interface Unavailable {
  carrierCode: string;
  serviceCode: string;
  reason: string;
  /** The reason as its code and figures (src-shared/unavailable-reasons.ts). */
  outcome: UnavailableReason;
  /** The request member the reason is about (a package's weight, the destination), when it is about one. */
  pointer?: string;
  /** The carrier could not be asked (an upstream that is down), rather than refusing this shipment. */
  unreachable?: boolean;
}

export interface PriceList {
  quotes: Quote[];
  unavailable: Unavailable[];
}

/** A price list as a client is answered: with the hash of the document priced, which a confirm may send back. */
export interface RatedPriceList extends PriceList {
  documentHash: string;
  /** Carriers whose day is closed: their rates are for the next working day. */
  warnings: CarrierDayClosedWarning[];
}
