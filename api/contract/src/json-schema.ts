import { Struct, union, type Infer } from 'superstruct';
import type { AnyStruct } from './endpoint';

/**
 * A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as an object of keywords: what the
 * API's OpenAPI document (GET /api/openapi.json) says a value is.
 */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** A custom struct's check: true, or the message of what is wrong (superstruct's validator). */
type Check = (
  value: unknown,
  context: Parameters<Struct<unknown, unknown>['validator']>[1],
) => boolean | string;

/**
 * A struct of our own rules, as superstruct's `define`, with the JSON Schema that states it for
 * the OpenAPI document (api/src/platform/http/openapi/). A struct made with `define` has no shape
 * anyone can read, so the document could only say `{}`, which accepts anything: the document's
 * converter refuses such a struct (its test fails), and each rule of the contract states its
 * schema beside its check. The schema says what a client must send or may receive (types,
 * lengths, choices, formats); the check stays the one that decides, with its message.
 *
 * The schema is kept as the struct's `schema`, which superstruct keeps for introspection only and
 * copies through `optional`, `nullable`, `defaulted`, `coerce` and refinements.
 */
export function described<T>(
  name: string,
  schema: JsonSchema,
  check: Check,
): Struct<T, JsonSchema> {
  return new Struct<T, JsonSchema>({ type: name, schema, validator: check });
}

/**
 * superstruct's `union`, with its members kept where the OpenAPI document reads them (`union`
 * keeps them to itself): the value matches one of `structs`.
 */
export function unionOf<A extends AnyStruct, B extends AnyStruct[]>(
  structs: [A, ...B],
): Struct<Infer<A> | { [K in keyof B]: Infer<B[K]> }[number], AnyStruct[]> {
  const struct = union(structs);
  return new Struct({ ...struct, schema: structs });
}
