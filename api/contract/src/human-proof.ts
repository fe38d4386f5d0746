/**
 * Spam protection with no third party (issue 45): a proof-of-work challenge (ALTCHA, solved in
 * the browser while the form is filled) and a honeypot field, on the public forms that send
 * e-mail or store what a stranger types. The API issues the challenge (`humanProofChallenge`)
 * and checks both on each protected route (api/src/human-proof/); the forms send the solution and
 * the honeypot in their body under the names below. One home for the names, the limits and the
 * words a person reads.
 */
import {
  number,
  object,
  optional,
  record,
  string,
  boolean,
  nullable,
  type Infer,
} from 'superstruct';
import { described, unionOf } from './json-schema';

/** The names a protected body carries them under (a JSON field, or a multipart form's field). */
export const HUMAN_PROOF_FIELDS = {
  /** The solved challenge: ALTCHA's payload (base64 of its JSON: the challenge and the solution). */
  proof: 'humanProof',
  /**
   * The honeypot: a field no person sees or fills (hidden from sight and from assistive
   * technology, out of the tab order, autocomplete off), which form-filling bots fill.
   */
  honeypot: 'website',
} as const;

export const HUMAN_PROOF_LIMITS = {
  /**
   * How long a challenge may be solved and sent after it was issued. The forms solve a new one
   * before sending when theirs is older than `challengeMinutes - refreshMarginMinutes` by their own
   * clock, so a person who takes an hour over a form is not refused.
   */
  challengeMinutes: 10,
  refreshMarginMinutes: 2,
  /** The longest payload taken (a real one is about 600 characters). */
  proof: 4000,
  /** The longest honeypot value read (anything in it refuses the form). */
  honeypot: 2000,
} as const;

/**
 * The contract version whose front ends send the proof (this package's version when the check
 * came in). A release built against an earlier contract sends none to an endpoint marked
 * `humanProof`, and every such send would be refused, so `pnpm releases promote` refuses the
 * release instead (shared-ui/build-config's compatibility check).
 */
export const HUMAN_PROOF_SINCE = '1.4.0';

/**
 * The hand-over of a solution worked out before the page is live (shell/src/boot/before-live.js,
 * a plain script that cannot import this): the attribute the kit's honeypot carries when its form
 * starts the check as it is shown, and the `window` property holding the solution's promise
 * (`{ payload, at }`), which the form's HumanProof takes once.
 */
export const HUMAN_PROOF_EARLY = {
  attribute: 'data-human-proof',
  global: '__jobboardHumanProof',
} as const;

export const HUMAN_PROOF_MESSAGES = {
  /**
   * The one answer to a form the API cannot tell was sent by a person: no solution, one used
   * before, one past its time, one not made on this board, or the honeypot filled. The same
   * words for each, so a script learns nothing of which; a person is told what to do, and the
   * form keeps what was typed.
   */
  refused:
    'We could not confirm that a person sent this form. Please press the button again: everything you typed is still here. If this keeps happening, reload the page.',
  /**
   * The form's own message when it could not solve a challenge (the challenge could not be
   * fetched, or solving failed): said when the person presses the button.
   */
  unsolved:
    "This form's spam check could not finish. Please check your connection and press the button again: everything you typed is still here.",
} as const;

/**
 * What the API sends for the browser to solve (`GET /api/human-proof/challenge`): ALTCHA's
 * challenge, signed with the server's key. The browser hands it back untouched beside its
 * solution.
 */
export const HumanProofChallenge = object({
  parameters: object({
    algorithm: string(),
    nonce: string(),
    salt: string(),
    cost: number(),
    keyLength: number(),
    keyPrefix: string(),
    keySignature: optional(string()),
    expiresAt: optional(number()),
    memoryCost: optional(number()),
    parallelism: optional(number()),
    data: optional(record(string(), nullable(unionOf([string(), number(), boolean()])))),
  }),
  signature: string(),
});
export type HumanProofChallenge = Infer<typeof HumanProofChallenge>;

const limitedText = (name: string, max: number) =>
  optional(
    described<string>(
      name,
      { type: 'string', maxLength: max },
      (value) => typeof value === 'string' && value.length <= max,
    ),
  );

/**
 * The two fields every protected JSON body takes beside its own (spread into its object struct).
 * Optional in the struct: a body without them is refused by the check with HUMAN_PROOF_MESSAGES,
 * not with a field's message.
 */
export const HUMAN_PROOF_BODY = {
  [HUMAN_PROOF_FIELDS.proof]: limitedText('humanProof', HUMAN_PROOF_LIMITS.proof),
  [HUMAN_PROOF_FIELDS.honeypot]: limitedText('website', HUMAN_PROOF_LIMITS.honeypot),
} as const;

/** The two fields as a protected body carries them. */
export interface HumanProofBody {
  humanProof?: string;
  website?: string;
}
