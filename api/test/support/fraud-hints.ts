import type { FraudHintKind } from '@jobboard/contract/admin';

/**
 * The hints of the tests' scam-like submission (a gmail contact, a bit.ly application link, a
 * Telegram link, an address given for another organization, four groups of scam phrases, pay far
 * above its category), in the order the API lists them: the rules' table and the API's test alike.
 */
export const SCAM_LIKE_KINDS: FraudHintKind[] = [
  'freeMail',
  'shortLink',
  'messagingLink',
  'sharedAddress',
  'scamPhrase',
  'scamPhrase',
  'scamPhrase',
  'scamPhrase',
  'payAbove',
];
