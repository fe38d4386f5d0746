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
