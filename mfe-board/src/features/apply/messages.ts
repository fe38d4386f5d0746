/**
 * The application dialog's own texts (docs/product.md#applying). Its labels and messages are the
 * contract's (APPLICATION_LABELS, APPLICATION_MESSAGES), shared with the server-drawn form.
 */
export const APPLY_TEXT = {
  loading: 'Loading the application form...',
} as const;
