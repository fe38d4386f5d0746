import type { FieldErrors } from '@jobboard/contract/common';

/**
 * What a domain service refuses, in the domain's words. Services know nothing of HTTP: the error
 * plugin (platform/plugins/errors.ts) turns each kind into its status, with the message as the JSON body.
 */
export abstract class DomainError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist (404). */
export class NotFound extends DomainError {}

/** The change clashes with the current state: wrong status, a duplicate, nothing left (409). */
export class Conflict extends DomainError {}

/** The thing existed but cannot be used any more: an ended pay link (410). */
export class Gone extends DomainError {}

/** Too many requests of one kind in a window (429, with Retry-After in whole seconds). */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** The caller's proof of who they are was not accepted: a bad or expired sign-in token (401). */
export class Unauthorized extends DomainError {}

/** A service this one relies on (the membership site) did not answer in time: try again (503). */
export class Unavailable extends DomainError {}

/** Values the caller sent break a rule checked against stored data (400, naming each field). */
export class Invalid extends DomainError {
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).join('; '));
  }
}

/** An outside service this server depends on failed (the external job source): 502. */
export class UpstreamFailed extends DomainError {}
