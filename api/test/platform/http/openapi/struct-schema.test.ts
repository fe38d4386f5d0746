import { described, unionOf } from '@jobboard/contract/common';
import {
  array,
  boolean,
  defaulted,
  define,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  type,
  union,
} from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  structSchema,
  UnstatedSchema,
  type Direction,
} from '../../../../src/platform/http/openapi/struct-schema';

const as = (direction: Direction) => ({ direction, at: 'the value' });
const answer = as('response');
const request = as('request');

describe('the JSON Schema of a contract struct (the OpenAPI document converter)', () => {
  it.each([
    ['string', string(), { type: 'string' }],
    ['number', number(), { type: 'number' }],
    ['integer', integer(), { type: 'integer' }],
    ['boolean', boolean(), { type: 'boolean' }],
    ['literal', literal('ok'), { const: 'ok' }],
    ['enums of text', enums(['a', 'b']), { type: 'string', enum: ['a', 'b'] }],
    ['enums of numbers', enums([1, 2]), { enum: [1, 2] }],
    ['nullable', nullable(string()), { type: ['string', 'null'] }],
    [
      'nullable enums',
      nullable(enums(['a'])),
      { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] },
    ],
    ['array', array(integer()), { type: 'array', items: { type: 'integer' } }],
    [
      'record',
      record(string(), number()),
      { type: 'object', additionalProperties: { type: 'number' } },
    ],
    [
      'record with chosen keys',
      record(enums(['x', 'y']), boolean()),
      {
        type: 'object',
        additionalProperties: { type: 'boolean' },
        propertyNames: { type: 'string', enum: ['x', 'y'] },
      },
    ],
    [
      'unionOf',
      unionOf([string(), integer()]),
      { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    ],
    [
      'described',
      described<string>(
        'code',
        { type: 'string', pattern: '^[A-Z]+$' },
        (v) => typeof v === 'string',
      ),
      { type: 'string', pattern: '^[A-Z]+$' },
    ],
    [
      'described, made nullable and optional',
      optional(
        nullable(described<number>('cents', { type: 'integer', minimum: 1 }, (v) => v !== null)),
      ),
      { type: ['integer', 'null'], minimum: 1 },
    ],
    // A rule of its own that takes null says so too.
    [
      'described, taking null itself',
      described<string>('maybe', { type: 'string' }, (v) => v === null || typeof v === 'string'),
      { type: ['string', 'null'] },
    ],
    // A refinement's bounds are in a closure: the shape is stated, the API's check decides.
    ['refinement', size(string(), 1, 5), { type: 'string' }],
  ])('%s', (_name, struct, schema) => {
    expect(structSchema(struct, answer)).toEqual(schema);
  });

  it("states an object's fields, which are required, and that an answer may gain fields", () => {
    const struct = object({ id: string(), note: optional(string()), at: nullable(string()) });
    expect(structSchema(struct, answer)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        note: { type: 'string' },
        at: { type: ['string', 'null'] },
      },
      required: ['id', 'at'],
    });
  });

  it('refuses unknown fields in a request, takes defaults as optional, and keeps type() open', () => {
    const body = object({ name: string(), page: defaulted(integer(), 1) });
    expect(structSchema(body, request)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, page: { type: 'integer', default: 1 } },
      required: ['name'],
      additionalProperties: false,
    });
    expect(structSchema(type({ name: string() }), request)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
  });

  it('refers to a named object once it is a component, wherever an answer holds it', () => {
    const Job = object({ id: string() });
    const components: Record<string, unknown> = {};
    const options = {
      ...answer,
      component: (struct: { schema: unknown }, write: () => unknown) => {
        if (struct.schema !== Job.schema) return undefined;
        components.Job ??= write();
        return { $ref: '#/components/schemas/Job' };
      },
    };
    expect(structSchema(object({ job: Job, maybe: nullable(Job) }), options)).toEqual({
      type: 'object',
      properties: {
        job: { $ref: '#/components/schemas/Job' },
        maybe: { anyOf: [{ $ref: '#/components/schemas/Job' }, { type: 'null' }] },
      },
      required: ['job', 'maybe'],
    });
    expect(components.Job).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
  });

  it('refuses a struct made with define(), naming it and where it is, rather than saying {}', () => {
    const token = define<string>('token', (value) => typeof value === 'string');
    const body = object({ token: optional(token) });
    expect(() => structSchema(body, { direction: 'request', at: 'POST /x body' })).toThrow(
      UnstatedSchema,
    );
    expect(() => structSchema(body, { direction: 'request', at: 'POST /x body' })).toThrow(
      "POST /x body.token: no JSON Schema can be stated for the struct 'token' made with define(): make it with described()",
    );
  });

  it("refuses superstruct's union(), whose members it keeps to itself", () => {
    expect(() => structSchema(union([string(), number()]), answer)).toThrow(/make it with unionOf/);
  });
});
