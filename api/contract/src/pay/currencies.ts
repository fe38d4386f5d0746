/** The currencies pay may be in (pay.ts re-exports it). */

const KNOWN_CURRENCIES: ReadonlySet<string> | null = (() => {
  try {
    return new Set(Intl.supportedValuesOf('currency'));
  } catch {
    return null;
  }
})();

/** Whether `code` is an ISO 4217 currency code this runtime formats ('USD', 'CAD', 'EUR'). */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  return KNOWN_CURRENCIES ? KNOWN_CURRENCIES.has(code) : true;
}

/** Currencies the forms offer first (any other ISO 4217 code is accepted too). */
export const COMMON_CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD'] as const;
