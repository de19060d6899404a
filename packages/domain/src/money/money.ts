/** Money is an integer number of cents; text is parsed straight to cents, never through a float. */

/**
 * Commas only as thousands separators ('1,234.56'): '1,00' or '1,5' (a decimal comma) is not read as 100 or 15
 * dollars.
 */
const AMOUNT = /^\s*(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{0,2}))?\s*$/;

/**
 * '12.5' → 1250, '-3' → -300, '0.07' → 7, '1,234' → 123400; null when the text is not an amount with at most 2
 * decimals.
 */
export function parseCents(text: string): number | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const [, minus, whole = '', fraction = ''] = match;
  const digits = whole.replace(/,/g, '');
  if (digits.length > 12) return null;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return minus && cents !== 0 ? -cents : cents;
}

/** 123456 → '1234.56', -5 → '-0.05'. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 → '$1,234.56', -5 → '-$0.05'. */
export function formatMoney(cents: number): string {
  const decimal = centsToDecimal(Math.abs(cents));
  const [whole, fraction] = decimal.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}
