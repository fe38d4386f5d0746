/**
 * What the server says about its schema, in the log and in /readyz: one place for the words
 * (docs/operations.md, Upgrade and roll back, quotes them).
 */

/** How an operator applies the migrations a build waits for. */
export const MIGRATE_COMMAND = 'jobboard migrate';

const plural = (n: number) => `${n} migration${n === 1 ? '' : 's'}`;

/** Up to three names; past that the first and the last (a fresh database lacks all fifty). */
const named = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names[0]} ... ${names.at(-1)}`;

/** /readyz's 503 and the start's warning: the database lacks migrations of this build. */
export function schemaBehindMessage(pending: string[]): string {
  return (
    `schema behind: ${plural(pending.length)} pending (${named(pending)}). ` +
    `Run \`${MIGRATE_COMMAND}\` with this release, or start it once with MIGRATE_ON_START=true`
  );
}

/** /readyz's note and the start's warning: the database has migrations this build does not know. */
export function schemaAheadMessage(unknown: string[]): string {
  return (
    `schema ahead: ${plural(unknown.length)} applied that this build does not know (${named(unknown)}); ` +
    'serving anyway (a newer release added them and keeps to expand/contract)'
  );
}

/** Every request but the probes while the schema is behind (platform/plugins/schema.ts): for visitors. */
export const SITE_UPGRADING_MESSAGE =
  'The job board is being upgraded. Please try again in a minute.';
/** How long a client is asked to wait before trying again while the schema is behind. */
export const SITE_UPGRADING_RETRY_AFTER_SECONDS = 30;
