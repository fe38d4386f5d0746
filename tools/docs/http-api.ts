import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as admin from '@jobboard/contract/admin';
import * as alerts from '@jobboard/contract/alerts';
import * as applications from '@jobboard/contract/applications';
import * as common from '@jobboard/contract/common';
import * as endpointTable from '@jobboard/contract/endpoints';
import * as jobs from '@jobboard/contract/jobs';
import * as members from '@jobboard/contract/members';
import * as payments from '@jobboard/contract/payments';
import * as site from '@jobboard/contract/site';
import * as submissions from '@jobboard/contract/submissions';
import type { AnyStruct, Endpoint } from '@jobboard/contract/endpoints';
import { format, resolveConfig } from 'prettier';

/**
 * docs/http-api.md, written from the contract's endpoint table (`ENDPOINTS`): each endpoint's
 * method, path, summary, parameters, query, body, answer and status, under the hand-written text
 * of http-api.template.md, and the shape of every answer. Run `pnpm docs:api` after changing the
 * table; http-api.test.ts fails while the committed page differs from what this writes.
 *
 * The template places the endpoints: a line `<!-- endpoints /api/admin /api/refresh-jobs -->`
 * is replaced by every endpoint under one of those paths, by path. An endpoint goes to the line
 * with the longest path it falls under; one that falls under none, or has no summary, is an
 * error, so no endpoint can be left out of the page. The line `<!-- shapes -->` is replaced by
 * the fields of every answer (and of what they contain), one heading per named struct.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TEMPLATE_FILE = path.join(ROOT, 'tools', 'docs', 'http-api.template.md');
export const OUTPUT_FILE = path.join(ROOT, 'docs', 'http-api.md');

const ENDPOINTS_LINE = /^<!-- endpoints ((?:\/\S*\s*)+)-->$/;
const SHAPES_LINE = '<!-- shapes -->';

const GENERATED_NOTE =
  '<!-- Written by `pnpm docs:api` (tools/docs/http-api.ts) from the endpoint table in api/contract/src/endpoints.ts and tools/docs/http-api.template.md: edit those, not this page. -->';

/** The page as `pnpm docs:api` writes it, formatted as `pnpm lint` expects. */
export async function renderHttpApi(
  endpoints: Record<string, Endpoint> = endpointTable.ENDPOINTS,
  template: string = readFileSync(TEMPLATE_FILE, 'utf8'),
): Promise<string> {
  const writer = new Writer(structNames());
  const sections = placeholders(template);
  const placed = new Map<number, Endpoint[]>(sections.map((_, index) => [index, []]));
  for (const [name, endpoint] of Object.entries(endpoints)) {
    if (!endpoint.summary) throw new Error(`ENDPOINTS.${name} has no summary`);
    const index = sectionOf(sections, endpoint.path);
    if (index === undefined) {
      throw new Error(
        `ENDPOINTS.${name} (${endpoint.path}) falls under no "<!-- endpoints ... -->" line of ${path.relative(ROOT, TEMPLATE_FILE)}`,
      );
    }
    placed.get(index)!.push(endpoint);
  }
  let section = 0;
  const lines = template.split('\n').map((line) => {
    if (!ENDPOINTS_LINE.test(line.trim())) return line;
    return placed
      .get(section++)!
      .sort(byPathThenMethod)
      .map((endpoint) => writer.endpoint(endpoint))
      .join('\n\n');
  });
  // The shapes last: every answer above has named the structs it needs.
  const body = lines.map((line) => (line.trim() === SHAPES_LINE ? writer.shapes() : line));
  const text = `${GENERATED_NOTE}\n\n${body.join('\n')}`;
  const options = await resolveConfig(OUTPUT_FILE);
  return format(text, { ...options, filepath: OUTPUT_FILE });
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'];

/** Endpoints by path, then GET, POST, PUT, DELETE: one path's calls together. */
function byPathThenMethod(a: Endpoint, b: Endpoint): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);
}

/** The paths of each placeholder line, in the template's order. */
function placeholders(template: string): string[][] {
  return template
    .split('\n')
    .map((line) => ENDPOINTS_LINE.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => match[1]!.trim().split(/\s+/));
}

/** The placeholder with the longest path that `route` falls under. */
function sectionOf(sections: string[][], route: string): number | undefined {
  let best: { index: number; length: number } | undefined;
  sections.forEach((prefixes, index) => {
    for (const prefix of prefixes) {
      const under = route === prefix || route.startsWith(`${prefix}/`);
      if (under && (!best || prefix.length > best.length)) best = { index, length: prefix.length };
    }
  });
  return best?.index;
}

/** Writes the entries, and remembers which named structs they link to for the shapes. */
class Writer {
  /** Named structs linked to so far, in the order first linked. */
  private readonly linked = new Map<string, AnyStruct>();

  constructor(private readonly names: Names) {}

  /** One endpoint: its heading, summary, and what it takes and answers. */
  endpoint(endpoint: Endpoint): string {
    const lines = [`### \`${endpoint.method} ${endpoint.path}\``, '', endpoint.summary!, ''];
    const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    if (params.length) {
      const notFound = Object.entries(endpoint.notFound ?? {}).map(
        ([param, message]) => `404 "${message}" when \`${param}\` names nothing`,
      );
      const names = params.map((param) => `\`${param}\``).join(', ');
      lines.push(`- Path: ${names}${notFound.length ? ` (${notFound.join('; ')})` : ''}`);
    }
    if (endpoint.querystring) lines.push(`- Query: ${this.fields(endpoint.querystring)}`);
    if (endpoint.body) {
      const optional = mayBeLeftOut(endpoint.body) ? ' (may be left out)' : '';
      const invalid = endpoint.invalid ? `; any invalid body: 400 "${endpoint.invalid}"` : '';
      lines.push(`- Body: ${this.fields(endpoint.body)}${optional}${invalid}`);
    }
    lines.push(`- Answer: ${endpoint.status ?? 200}, ${this.type(endpoint.response)}`);
    return lines.join('\n');
  }

  /** What is sent: the struct's name and its fields (`name?`: may be left out). */
  private fields(struct: AnyStruct): string {
    const name = nameOf(struct, this.names);
    const entries = fieldsOf(struct);
    if (!entries) return this.type(struct);
    const fields = entries
      .map(([key, field]) => `\`${key}${mayBeLeftOut(field) ? '?' : ''}\``)
      .join(', ');
    return name ? `\`${name}\`: ${fields}` : `{ ${fields} }`;
  }

  /** A value's type in words; a named struct links to its shape. */
  private type(struct: AnyStruct): string {
    const name = nameOf(struct, this.names);
    const nullable = struct.type !== 'any' && struct.validate(null)[0] === undefined;
    return `${name ? this.link(name, struct) : this.unnamed(struct)}${nullable ? ' or null' : ''}`;
  }

  private unnamed(struct: AnyStruct): string {
    switch (struct.type) {
      case 'object':
      case 'type': {
        const entries = fieldsOf(struct);
        return entries ? this.objectInline(entries) : 'an object';
      }
      case 'array':
        return isStruct(struct.schema) ? `a list of ${this.type(struct.schema)}` : 'a list';
      case 'enums':
        return `one of ${Object.values(struct.schema as Record<string, unknown>)
          .map((value) => `\`${String(value)}\``)
          .join(', ')}`;
      case 'literal':
        return `\`${JSON.stringify(struct.schema)}\``;
      case 'string':
        return 'text';
      case 'number':
        return 'a number';
      case 'integer':
        return 'a whole number';
      case 'boolean':
        return '`true` or `false`';
      case 'record':
        return 'an object of named entries (see the contract)';
      case 'union':
        return 'one of several types (see the contract)';
      default:
        return `\`${struct.type}\``;
    }
  }

  private objectInline(entries: [string, AnyStruct][]): string {
    const fields = entries.map(
      ([key, field]) => `\`${key}${mayBeLeftOut(field) ? '?' : ''}\`: ${this.type(field)}`,
    );
    return `{ ${fields.join(', ')} }`;
  }

  private link(name: string, struct: AnyStruct): string {
    if (!this.linked.has(name)) this.linked.set(name, struct);
    return `[\`${name}\`](#${name.toLowerCase()})`;
  }

  /** A heading per named struct linked to, with its fields; those it links to are added too. */
  shapes(): string {
    const written: string[] = [];
    const done = new Set<string>();
    for (let more = true; more;) {
      more = false;
      for (const [name, struct] of [...this.linked]) {
        if (done.has(name)) continue;
        done.add(name);
        more = true;
        written.push(this.shape(name, struct));
      }
    }
    return written.join('\n\n');
  }

  private shape(name: string, struct: AnyStruct): string {
    const heading = `### \`${name}\``;
    const entries = fieldsOf(struct);
    if (!entries) return `${heading}\n\n${capitalise(this.unnamed(struct))}.`;
    const fields = entries.map(
      ([key, field]) => `- \`${key}${mayBeLeftOut(field) ? '?' : ''}\`: ${this.type(field)}`,
    );
    return `${heading}\n\n${fields.join('\n')}`;
  }
}

const capitalise = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** Whether a field (or a body) may be absent: it accepts `undefined`, or takes a default. */
function mayBeLeftOut(struct: AnyStruct): boolean {
  const [error] = struct.validate(undefined, { coerce: true });
  return error === undefined;
}

interface Names {
  byStruct: Map<AnyStruct, string>;
  bySchema: Map<unknown, string>;
}

/**
 * The contract's exported structs by name. A struct refined or coerced from a named one keeps
 * its schema object, so it is found by that (`orEmptyObject(SearchRequest)` is SearchRequest).
 */
function structNames(): Names {
  const names: Names = { byStruct: new Map(), bySchema: new Map() };
  const contract = [
    admin,
    alerts,
    applications,
    common,
    endpointTable,
    jobs,
    members,
    payments,
    site,
    submissions,
  ];
  for (const [name, value] of contract.flatMap((entry) => Object.entries(entry))) {
    if (!isStruct(value) || names.byStruct.has(value)) continue;
    names.byStruct.set(value, name);
    if (fieldsOf(value) && !names.bySchema.has(value.schema)) {
      names.bySchema.set(value.schema, name);
    }
  }
  return names;
}

function nameOf(struct: AnyStruct, names: Names): string | undefined {
  return (
    names.byStruct.get(struct) ?? (fieldsOf(struct) ? names.bySchema.get(struct.schema) : undefined)
  );
}

function isStruct(value: unknown): value is AnyStruct {
  return (
    typeof value === 'object' &&
    value !== null &&
    'schema' in value &&
    'type' in value &&
    typeof (value as { validator?: unknown }).validator === 'function'
  );
}

/** An object struct's fields, each a struct; null for any other struct. */
function fieldsOf(struct: AnyStruct): [string, AnyStruct][] | null {
  const schema: unknown = struct.schema;
  if (struct.type !== 'object' && struct.type !== 'type') return null;
  if (typeof schema !== 'object' || schema === null) return null;
  const entries = Object.entries(schema);
  return entries.length > 0 && entries.every(([, field]) => isStruct(field))
    ? (entries as [string, AnyStruct][])
    : null;
}

// `pnpm docs:api`: write the page.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT_FILE, await renderHttpApi());
  console.log(`Wrote ${path.relative(ROOT, OUTPUT_FILE)}`);
}
