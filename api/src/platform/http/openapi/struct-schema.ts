import type { JsonSchema } from '@jobboard/contract/common';
import type { AnyStruct } from '@jobboard/contract/endpoints';
import { is, validate } from 'superstruct';

/**
 * The JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of a contract struct, for the OpenAPI
 * document (document.ts). Our own, small: no maintained package converts superstruct (the
 * registry has converters for zod, TypeBox, yup, joi, none for superstruct), and the contract
 * uses a handful of its kinds.
 *
 * What a struct's shape says is stated: strings, numbers, integers, booleans, literals, enums,
 * objects (their fields, which are required, their defaults), arrays, records, `unionOf`, and
 * whether null is taken (`nullable`). What it cannot say is left to the API's check, which
 * decides and words the message: the bounds of a refinement (`size`, `min`, `max`, `refine` keep
 * theirs in a closure). A struct of our own rules states its schema beside its check
 * (`described`, api/contract/src/json-schema.ts); one made with `define` has none to state, and
 * is refused here rather than given `{}`, which would accept anything.
 */

/** Which way the value goes: a request's input, or an answer. */
export type Direction = 'request' | 'response';

/** A struct the converter cannot state (its message names where it is). */
export class UnstatedSchema extends Error {}

export interface SchemaOptions {
  direction: Direction;
  /** Where the struct is, for the message of one that cannot be stated (`GET /api/jobs answer`). */
  at: string;
  /**
   * The component an answer's object struct is written as (`$ref`), when it has a name: called
   * with the struct's name and a way to write its schema, it answers the reference.
   */
  component?: (struct: AnyStruct, write: () => JsonSchema) => JsonSchema | undefined;
}

/** superstruct's own kinds of struct: any other `type` is the name of one of ours. */
const SUPERSTRUCT_KINDS = new Set([
  'any',
  'array',
  'bigint',
  'boolean',
  'date',
  'dynamic',
  'enums',
  'func',
  'instance',
  'integer',
  'intersection',
  'lazy',
  'literal',
  'map',
  'never',
  'number',
  'object',
  'record',
  'regexp',
  'set',
  'string',
  'tuple',
  'type',
  'union',
  'unknown',
]);

/** The JSON Schema of `struct` (see the module's comment). */
export function structSchema(struct: AnyStruct, options: SchemaOptions): JsonSchema {
  const shape = shapeOf(struct, options);
  return takesNull(struct) && Object.keys(shape).length > 0 ? orNull(shape) : shape;
}

/**
 * Whether a field may be left out, and what it then is: `{ optional: false }` when it must be
 * given; in a request, a field with a default may be left out and takes it (`default`).
 */
export function leftOut(
  struct: AnyStruct,
  direction: Direction,
): { optional: boolean; default?: unknown } {
  try {
    if (direction === 'response') return { optional: is(undefined, struct) };
    const [error, value] = validate(undefined, struct, { coerce: true });
    if (error) return { optional: false };
    return value === undefined ? { optional: true } : { optional: true, default: value };
  } catch {
    // A check that reads its value without looking first (`value.length`) cannot take nothing.
    return { optional: false };
  }
}

function shapeOf(struct: AnyStruct, options: SchemaOptions): JsonSchema {
  const kind = struct.type;
  switch (kind) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: kind };
    case 'literal':
      if (struct.schema === null) return unstated(options, `the literal of no JSON value`);
      return { const: struct.schema };
    case 'enums': {
      const values = Object.values(struct.schema as Record<string, unknown>);
      return values.every((value) => typeof value === 'string')
        ? { type: 'string', enum: values }
        : { enum: values };
    }
    case 'any':
    case 'unknown':
      return {};
    case 'never':
      return { not: {} };
    case 'object':
    case 'type': {
      const write = () => objectSchema(struct, options);
      return (options.component && options.component(struct, write)) ?? write();
    }
    case 'array': {
      const element = struct.schema as AnyStruct | undefined;
      return {
        type: 'array',
        items: element ? structSchema(element, { ...options, at: `${options.at}[]` }) : {},
      };
    }
    case 'record':
      return recordSchema(struct, options);
    case 'union': {
      const members = struct.schema as AnyStruct[] | null;
      if (!Array.isArray(members)) {
        return unstated(options, "a union made with superstruct's union(): make it with unionOf");
      }
      return { anyOf: members.map((member) => structSchema(member, options)) };
    }
    default: {
      if (SUPERSTRUCT_KINDS.has(kind)) {
        return unstated(options, `superstruct's ${kind}(), which JSON cannot carry`);
      }
      const stated = struct.schema as JsonSchema | null;
      if (stated === null || typeof stated !== 'object' || Array.isArray(stated)) {
        return unstated(
          options,
          `the struct '${kind}' made with define(): make it with described() and its JSON Schema (api/contract/src/json-schema.ts)`,
        );
      }
      return structuredClone(stated);
    }
  }
}

/**
 * An object's fields, each required unless it may be left out. A request's `object()` refuses a
 * field it does not know (`additionalProperties: false`); an answer may gain fields in a minor
 * version of the contract (docs/decisions/api-compatibility.md), so a client must not refuse one.
 */
function objectSchema(struct: AnyStruct, options: SchemaOptions): JsonSchema {
  const fields = (struct.schema ?? {}) as Record<string, AnyStruct>;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const schema = structSchema(field, { ...options, at: `${options.at}.${name}` });
    const absent = leftOut(field, options.direction);
    properties[name] = 'default' in absent ? { ...schema, default: absent.default } : schema;
    if (!absent.optional) required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(options.direction === 'request' && struct.type === 'object'
      ? { additionalProperties: false }
      : {}),
  };
}

/**
 * A record's keys and values: superstruct keeps them to itself, but names them for each entry it
 * checks, so one probe entry shows both.
 */
function recordSchema(struct: AnyStruct, options: SchemaOptions): JsonSchema {
  const [keyEntry, valueEntry] = [...struct.entries({ key: null }, { branch: [], path: [] })];
  const keys = keyEntry?.[2] as AnyStruct | undefined;
  const values = valueEntry?.[2] as AnyStruct | undefined;
  if (!keys || !values) return unstated(options, 'a record without its keys and values');
  const keySchema = structSchema(keys, options);
  const valueSchema = structSchema(values, { ...options, at: `${options.at}{}` });
  return {
    type: 'object',
    additionalProperties: valueSchema,
    ...(keys.type === 'string' ? {} : { propertyNames: keySchema }),
  };
}

/** Whether the struct takes null (`nullable`, or a rule of its own that does). */
function takesNull(struct: AnyStruct): boolean {
  if (struct.type === 'any' || struct.type === 'unknown') return false;
  try {
    return is(null, struct);
  } catch {
    return false;
  }
}

/** `schema`, or null. */
function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (typeof type === 'string' && !('enum' in schema) && !('const' in schema)) {
    return { ...schema, type: [type, 'null'] };
  }
  if (Array.isArray(type) && !('enum' in schema)) {
    return type.includes('null') ? schema : { ...schema, type: [...(type as string[]), 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function unstated(options: SchemaOptions, what: string): never {
  throw new UnstatedSchema(`${options.at}: no JSON Schema can be stated for ${what}.`);
}
