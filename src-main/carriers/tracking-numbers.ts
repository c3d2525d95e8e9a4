// Tracking numbers in each carrier's real shape with its real check digit, from random serials.
import type { TrackingNumberFormat } from './rate-card.ts';

export type RandomDigits = (count: number) => string;

/** DHL Express waybill: 10 digits, the last being the first nine modulo 7. */
function dhlExpress(digits: RandomDigits): string {
  const serial = digits(9).replace(/^0/, '1');
  return `${serial}${Number(serial) % 7}`;
}

/** UPS 1Z: 1Z + shipper number + service + 7-digit serial + check digit over the 15 characters after 1Z. */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    const value = /[0-9]/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (sum % 10)) % 10;
}

function ups(format: { shipperNumber: string; serviceIndicator: string }, digits: RandomDigits): string {
  const body = `${format.shipperNumber}${format.serviceIndicator}${digits(7)}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}

/** FedEx Express: 12 digits; weights 1,3,7 from the right over the first 11, sum mod 11, then mod 10. */
export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * weights[i % 3]!;
  return (sum % 11) % 10;
}

function fedex(digits: RandomDigits): string {
  const body = digits(11).replace(/^0/, '7');
  return `${body}${fedexCheckDigit(body)}`;
}

/** UPU S10 check digit (also used by TNT consignments): weights 8,6,4,2,3,5,9,7; 11 − sum mod 11, 10→0, 11→5. */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export function issueTrackingNumber(format: TrackingNumberFormat, digits: RandomDigits): string {
  switch (format.scheme) {
    case 'dhl-express':
      return dhlExpress(digits);
    case 'ups-1z':
      return ups(format, digits);
    case 'fedex-express':
      return fedex(digits);
    case 'tnt-consignment': {
      const serial = digits(8);
      return `${serial}${s10CheckDigit(serial)}`;
    }
    case 'upu-s10': {
      const serial = digits(8);
      return `${format.prefix}${serial}${s10CheckDigit(serial)}${format.countrySuffix}`;
    }
  }
}

/** True when the number has the scheme's shape and a correct check digit. */
export function isValidTrackingNumber(format: TrackingNumberFormat, value: string): boolean {
  switch (format.scheme) {
    case 'dhl-express':
      return /^[0-9]{10}$/.test(value) && Number(value.slice(0, 9)) % 7 === Number(value[9]);
    case 'ups-1z':
      return /^1Z[A-Z0-9]{16}$/.test(value) && upsCheckDigit(value.slice(2, 17)) === Number(value[17]);
    case 'fedex-express':
      return /^[0-9]{12}$/.test(value) && fedexCheckDigit(value.slice(0, 11)) === Number(value[11]);
    case 'tnt-consignment':
      return /^[0-9]{9}$/.test(value) && s10CheckDigit(value.slice(0, 8)) === Number(value[8]);
    case 'upu-s10':
      return /^[A-Z]{2}[0-9]{9}[A-Z]{2}$/.test(value) && s10CheckDigit(value.slice(2, 10)) === Number(value[10]);
  }
}
