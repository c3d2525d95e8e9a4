// Money as whole cents: amounts arrive as decimal text, are checked against one sane range, and every sum or
// product is done on integers that stay exact (far below 2^53), so no amount is ever rounded by floating point.

/** The largest amount the station takes for any one money field or invoice line: ten million. */
export const MONEY_MAX_CENTS = 1_000_000_000;

/** Cents of a decimal text with at most two decimals ("12", "12.5", "12.50"); undefined if not money or out of range. */
export function parseCents(text: string): number | undefined {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MONEY_MAX_CENTS ? cents : undefined;
}

/** cents × a whole count, or undefined when the product leaves the range. */
export function multiplyCents(cents: number, count: number): number | undefined {
  const product = cents * count;
  return Number.isSafeInteger(product) && product <= MONEY_MAX_CENTS ? product : undefined;
}

/** "1234.50" for 123450. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
