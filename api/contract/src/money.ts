/**
 * How money is shown (docs/product.md#states-and-transitions): US dollars, no cents when there are none. Prices and amounts
 * are stored in cents; salaries in whole dollars. The e-mails, the admin and the pay page all
 * show amounts with these two functions.
 */

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 60000 -> '$60,000' (USD, no decimals). */
export function formatUsd(amount: number): string {
  return wholeDollars.format(amount);
}

/** Cents as dollars, for amounts stored in cents: 9900 -> '$99', 12345 -> '$123.45'. */
export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? wholeDollars.format(dollars) : dollarsAndCents.format(dollars);
}

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per currency and number of decimals (Intl's are costly to make). */
function formatOf(currency: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, format);
  }
  return format;
}

/** An amount without a currency, as pay is: 4807.69 -> '4,807.69', 60000 -> '60,000'. */
export function formatAmount(amount: number): string {
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  return amount.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}

/**
 * An amount of any currency (ISO 4217), as pay is shown: 60000 -> '$60,000', 27.5 -> '$27.50',
 * ('GBP') 30000 -> '£30,000'. Cents only when there are some.
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  return formatOf(currency, whole ? 0 : 2).format(whole ? Math.round(amount) : amount);
}
