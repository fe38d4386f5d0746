import { validate, type Struct, type StructError } from 'superstruct';

export type FieldErrors = Record<string, string>;

/** The message for a field the struct does not know (objects are strict: no extra keys). */
export const UNKNOWN_FIELD = 'Unknown field';
/** The message when the body (or query) is not an object at all: a list, a string, nothing. */
export const NOT_AN_OBJECT = 'Please send a JSON object';

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validates (and coerces defaults into) a value, collecting one message per field at fault.
 * The field key is the dotted path (`jobType.fullTime`), or `body` when the value itself is wrong.
 * Used by the API for 400 bodies and by the forms for messages next to their inputs.
 */
export function check<T, S>(struct: Struct<T, S>, value: unknown): Validation<T> {
  try {
    const [error, result] = validate(value, struct, { coerce: true });
    if (!error) return { ok: true, value: result as T };
    return { ok: false, errors: fieldErrors(error) };
  } catch {
    // Superstruct prints the received value into its messages (lazily, while failures are
    // listed); a JSON object whose `toString` key is not a function cannot be printed and makes
    // it throw. Such input is simply invalid.
    return { ok: false, errors: { body: 'Invalid input' } };
  }
}

export function fieldErrors(error: StructError): FieldErrors {
  const errors: FieldErrors = {};
  for (const failure of error.failures()) {
    const key = failure.path.length ? failure.path.join('.') : 'body';
    if (key in errors) continue;
    // Superstruct's own text would echo the whole value back.
    const notAnObject = key === 'body' && (failure.type === 'object' || failure.type === 'type');
    errors[key] = notAnObject ? NOT_AN_OBJECT : failureMessage(failure.message, failure.refinement);
  }
  return errors;
}

/** Superstruct's own messages are for developers; turn the common ones into plain sentences. */
function failureMessage(message: string, refinement: string | undefined): string {
  if (message.startsWith('Expected a value of type `never`')) return UNKNOWN_FIELD;
  if (refinement === 'size' || refinement === 'min' || refinement === 'max') {
    return message.replace(/^Expected an? /, 'Must be a ').replace(/^Expected /, 'Must be ');
  }
  return message;
}
