import { object, optional, record, string, type Infer } from 'superstruct';

/**
 * Every error the API returns has this body. `field` names the first field at fault and `fields`
 * maps each field at fault to its message, so a form can show them next to their inputs.
 */
export const ErrorBody = object({
  message: string(),
  field: optional(string()),
  fields: optional(record(string(), string())),
});
export type ErrorBody = Infer<typeof ErrorBody>;

/**
 * The answer (503) to any request that needs the database while it cannot be reached: a restart
 * of PostgreSQL, a SQLite file that cannot be opened. Nothing is lost; the same request works once
 * the database is back.
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The job board's database is unavailable. Please try again in a moment.";
