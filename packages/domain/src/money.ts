/** Money is an integer number of cents; text is parsed straight to cents, never through a float. */

const AMOUNT = /^\s*(-)?\s*\$?\s*(\d{1,12})(?:\.(\d{0,2}))?\s*$/;

/** '12.5' → 1250, '-3' → -300, '0.07' → 7; null when the text is not an amount with at most 2 decimals. */
export function parseCents(text: string): number | null {
  const match = AMOUNT.exec(text.replace(/,/g, ''));
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
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
