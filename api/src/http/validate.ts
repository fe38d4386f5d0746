import { check } from '@jobboard/contract';
import type { Struct } from 'superstruct';
import { badRequest } from './http-error';

/** The value checked (and defaults filled in) by a contract struct, or a 400 naming each field. */
export function validateInput<T, S>(struct: Struct<T, S>, value: unknown): T {
  const result = check(struct, value);
  if (!result.ok) throw badRequest(result.errors);
  return result.value;
}
