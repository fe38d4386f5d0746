/** What the legal pages say around the publication's own text. */
export const LEGAL_MESSAGES = {
  loading: 'Loading...',
  failed: 'This page could not be loaded. Please try again in a moment.',
  updated: 'Last updated',
} as const;
