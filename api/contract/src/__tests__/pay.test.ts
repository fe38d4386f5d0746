import { describe, expect, it } from 'vitest';
import {
  PAY_MESSAGES,
  annualPay,
  baseSalaryOf,
  checkPay,
  formatPay,
  formatSalary,
  maxAmount,
  parseAmount,
  payFromFields,
  readPay,
  readPayText,
  readPeriod,
  type PayPeriod,
} from '../pay';
import { PAY_PHRASINGS as PHRASINGS } from '../testing/pay-cases';

describe('pay in words, as sources write it', () => {
  it.each(PHRASINGS)('reads %j', (text, ...expected) => {
    const read = readPayText(text);
    if (expected.length === 1) {
      expect(read).toBeNull();
      return;
    }
    const [min, max, period, currency] = expected;
    expect(read).toEqual({ min, max, period, currency });
  });

  it('holds at least 40 real phrasings', () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(40);
  });

  it('names a period as sources and clients do', () => {
    expect(readPeriod('Hourly')).toBe('hour');
    expect(readPeriod('HOUR')).toBe('hour');
    expect(readPeriod('per month')).toBe('month');
    expect(readPeriod('Per year')).toBe('year');
    expect(readPeriod('annual')).toBe('year');
    expect(readPeriod('Stipend')).toBe('stipend');
    expect(readPeriod('fixed fee')).toBe('fee');
    expect(readPeriod('week')).toBe('week');
    expect(readPeriod('fortnightly')).toBeNull();
    expect(readPeriod('')).toBeNull();
  });
});

describe('pay from what a source gives', () => {
  it('takes figures with their period, or the period of the words', () => {
    expect(readPay({ min: 25, max: 30, text: '$25 - $30 per hour' }, 'USD')).toMatchObject({
      min: 25,
      max: 30,
      period: 'hour',
      currency: 'USD',
      text: null,
    });
    expect(readPay({ min: 60_000, max: 75_000 }, 'USD')).toMatchObject({ period: 'year' });
    expect(readPay({ min: 25, max: 30, period: 'hour' }, 'USD')).toMatchObject({ period: 'hour' });
  });

  it('keeps small figures with no period as words, with no figures', () => {
    expect(readPay({ min: 25, max: 30 }, 'USD')).toMatchObject({
      min: null,
      max: null,
      text: '$25 - $30',
    });
  });

  it('keeps words it cannot read, and its benefits', () => {
    expect(readPay({ text: 'Competitive', benefits: 'Health, dental' }, 'USD')).toMatchObject({
      min: null,
      max: null,
      text: 'Competitive',
      benefits: 'Health, dental',
    });
  });
});

describe('pay as every place shows it', () => {
  const pay = (min: number | null, max: number | null, period: PayPeriod, currency = 'USD') => ({
    min,
    max,
    period,
    currency,
  });
  it('says the period', () => {
    expect(formatPay(pay(25, 30, 'hour'))).toBe('$25 - $30 an hour');
    expect(formatPay(pay(17.5, 20, 'hour'))).toBe('$17.50 - $20 an hour');
    expect(formatPay(pay(200, 200, 'day'))).toBe('$200 a day');
    expect(formatPay(pay(800, 1000, 'week'))).toBe('$800 - $1,000 a week');
    expect(formatPay(pay(3000, 3000, 'month'))).toBe('$3,000 a month');
    expect(formatPay(pay(5000, 5000, 'stipend'))).toBe('$5,000 stipend');
    expect(formatPay(pay(2000, 2000, 'fee'))).toBe('$2,000 fixed fee');
    expect(formatPay(pay(60_000, 75_000, 'year'))).toBe('$60,000 - $75,000 a year');
    expect(formatPay(pay(60_000, null, 'year'))).toBe('From $60,000 a year');
    expect(formatPay(pay(null, 75_000, 'year'))).toBe('Up to $75,000 a year');
    expect(formatPay(pay(30_000, 30_000, 'year', 'GBP'))).toBe('£30,000 a year');
    expect(formatPay({ ...pay(null, null, 'year'), text: 'Competitive' })).toBe('Competitive');
    expect(formatPay(pay(null, null, 'year'))).toBeUndefined();
  });

  it('shows a job by its pay, else its words, else (an older answer) its yearly figures', () => {
    expect(formatSalary({ pay: pay(25, 30, 'hour'), salary: '$25 - $30 an hour' })).toBe(
      '$25 - $30 an hour',
    );
    expect(formatSalary({ salary: 'DOE' })).toBe('DOE');
    expect(formatSalary({ salaryMin: 50_000, salaryMax: null })).toBe('From $50,000 a year');
    expect(formatSalary({ salary: '' })).toBeUndefined();
  });
});

describe('pay compared and told to Google', () => {
  it('compares the annual equivalent, and leaves totals and other currencies out', () => {
    const hourly = { min: 25, max: 30, period: 'hour' as const, currency: 'USD' };
    expect(annualPay(hourly, 'USD')).toEqual({ low: 52_000, high: 62_400 });
    expect(annualPay({ ...hourly, period: 'month', min: 3000, max: null }, 'USD')).toEqual({
      low: 36_000,
      high: 36_000,
    });
    expect(annualPay({ ...hourly, period: 'stipend' }, 'USD')).toBeNull();
    expect(annualPay({ ...hourly, currency: 'GBP' }, 'USD')).toBeNull();
  });

  it('gives Google the unit of the period, and no baseSalary for a total', () => {
    expect(baseSalaryOf({ min: 25, max: 30, period: 'hour', currency: 'USD' })).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 25, maxValue: 30, unitText: 'HOUR' },
    });
    expect(baseSalaryOf({ min: 3000, max: 3000, period: 'month', currency: 'USD' })?.value).toEqual(
      { '@type': 'QuantitativeValue', value: 3000, unitText: 'MONTH' },
    );
    expect(baseSalaryOf({ min: 5000, max: 5000, period: 'stipend', currency: 'USD' })).toBe(
      undefined,
    );
  });
});

describe('pay checked, one rule on every path', () => {
  it('reads an amount as a form sends it', () => {
    expect(parseAmount('65,000')).toBe(65_000);
    expect(parseAmount('$27.50')).toBe(27.5);
    expect(parseAmount(65_000)).toBe(65_000);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('-5')).toBeNaN();
    expect(parseAmount('27.505')).toBeNaN();
    expect(parseAmount(27.505)).toBeNaN();
  });

  it('has one ceiling, an annual equivalent, per period', () => {
    expect(maxAmount('year')).toBe(10_000_000);
    expect(maxAmount('hour')).toBe(4807.69);
    expect(maxAmount('stipend')).toBe(10_000_000);
    expect(checkPay({ salaryMin: '4807.69', salaryPeriod: 'hour' })).toBe(true);
    expect(checkPay({ salaryMin: '4807.70', salaryPeriod: 'hour' })).toEqual({
      path: ['salaryMin'],
      message: 'Please enter at most 4,807.69 an hour',
    });
    expect(checkPay({ salaryMin: '4807.70', salaryPeriod: 'hour', salaryCurrency: 'CAD' })).toEqual(
      {
        path: ['salaryMin'],
        message: 'Please enter at most CA$4,807.69 an hour',
      },
    );
    expect(checkPay({ salaryMin: '30', salaryMax: '25', salaryPeriod: 'hour' })).toEqual({
      path: ['salaryMax'],
      message: PAY_MESSAGES.order,
    });
  });

  it('makes a pay of a form: the period and currency given, else the defaults', () => {
    expect(
      payFromFields({ salaryMin: '25', salaryMax: '30', salaryPeriod: 'hour' }, 'USD'),
    ).toEqual({ min: 25, max: 30, period: 'hour', currency: 'USD', text: null, benefits: null });
    expect(payFromFields({ salaryMin: '60000' }, 'CAD')).toMatchObject({
      period: 'year',
      currency: 'CAD',
    });
    expect(
      payFromFields({ salaryMin: null, salaryMax: null, salaryText: '$25 - $30 per hour' }, 'USD'),
    ).toMatchObject({ min: 25, max: 30, period: 'hour', text: null });
  });
});
