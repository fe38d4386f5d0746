import { validate, type Struct, type StructError } from 'superstruct';

export type FieldErrors = Record<string, string>;

/** The message for a field the struct does not know (objects are strict: no extra keys). */
export const UNKNOWN_FIELD = 'Unknown field';
/** The message when the body (or query) is not an object at all: a list, a string, nothing. */
export const NOT_AN_OBJECT = 'Please send a JSON object';

type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The message for text holding a NUL character (U+0000), which PostgreSQL cannot store. */
export const NUL_CHARACTER = 'Please remove the invisible NUL character from this text';

/**
 * The message for text holding half of a surrogate pair (JSON can carry `"\ud800"`): it has no
 * UTF-8 form, so either database would store U+FFFD in its place, and a label looked up by the
 * text that was sent would never be found (a location or category save failed with a 500).
 */
export const BROKEN_CHARACTER = 'Please remove the broken character from this text';

/**
 * Whether `text` holds a surrogate without its other half. A loop rather than a regex: the
 * lookbehind one would need is missing from older browsers, and the forms run this too.
 */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i += 1; // a whole pair
  }
  return false;
}

/** The path of a string (a value or an object key) in `value` holding a NUL character, or null. */
export function findNulCharacter(value: unknown): string | null {
  return findText(value, (text) => text.includes('\u0000'));
}

/** The path of a string (a value or an object key) in `value` holding a lone surrogate, or null. */
export function findBrokenCharacter(value: unknown): string | null {
  return findText(value, hasLoneSurrogate);
}

/**
 * The path of the first string (a value or an object key) in `value` that `bad` picks, or null.
 * Such text is refused here for both databases alike. Walked with a stack, not recursion: a body
 * of deeply nested lists cannot overflow it.
 */
function findText(value: unknown, bad: (text: string) => boolean): string | null {
  // Each entry: the value, and where it sits (its key and its parent's entry), so a path is only
  // built for the one string found.
  type Entry = { item: unknown; key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let e = entry; e && e.key !== null; e = e.parent) keys.unshift(e.key);
    return keys.length ? keys.join('.') : 'body';
  };
  const stack: Entry[] = [{ item: value, key: null, parent: null }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { item } = entry;
    if (typeof item === 'string') {
      if (bad(item)) return pathOf(entry);
    } else if (Array.isArray(item)) {
      item.forEach((child, index) =>
        stack.push({ item: child, key: String(index), parent: entry }),
      );
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (bad(key)) return pathOf(entry, key);
        stack.push({ item: child, key, parent: entry });
      }
    }
  }
  return null;
}

/**
 * Validates (and coerces defaults into) a value, collecting one message per field at fault.
 * The field key is the dotted path (`jobType.fullTime`), or `body` when the value itself is wrong.
 * Used by the API for 400 bodies and by the forms for messages next to their inputs.
 */
export function check<T, S>(struct: Struct<T, S>, value: unknown): Validation<T> {
  const nul = findNulCharacter(value);
  if (nul !== null) return { ok: false, errors: { [nul]: NUL_CHARACTER } };
  const broken = findBrokenCharacter(value);
  if (broken !== null) return { ok: false, errors: { [broken]: BROKEN_CHARACTER } };
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
