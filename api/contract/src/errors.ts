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
