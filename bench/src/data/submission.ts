import { VALID_SUBMISSION } from '@jobboard/contract/testing';

/**
 * A public submission as the form sends it: the contract's valid example plus what the form adds
 * on send (docs/product.md#entities: selectedTier and experienceLevel).
 */
export const VALID_SUBMISSION_PAYLOAD = {
  ...VALID_SUBMISSION,
  selectedTier: VALID_SUBMISSION.listingType,
  experienceLevel: 'Not specified',
};
