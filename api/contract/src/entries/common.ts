/** @jobboard/contract/common: what every domain uses: error bodies, validation, dates, choices and limits, money display, the CSRF and polling headers, the e-mail key, the spam check's fields and words, the JSON Schema beside a struct of our own rules. */
export * from '../errors';
export * from '../validate';
export * from '../dates';
export * from '../choices';
export * from '../money';
export * from '../csrf';
export * from '../email-key';
export * from '../human-proof';
export * from '../json-schema';
