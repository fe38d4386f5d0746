import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as ENDPOINTS from '../endpoints';

// endpoints.ts names each endpoint of endpoints/<slice>.ts (issue 41: the table is cut along the
// API's slices). One left out there would be missing from ENDPOINTS, and so from the API's
// routes, the docs and the front ends' calls.
const SLICES = path.join(import.meta.dirname, '..', 'endpoints');

/** Each slice file's exports that are endpoints (a method and a path), by name. */
async function sliceEndpoints(): Promise<Map<string, { file: string; endpoint: unknown }>> {
  const found = new Map<string, { file: string; endpoint: unknown }>();
  for (const file of readdirSync(SLICES).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(path.join(SLICES, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'object' && value !== null && 'method' in value && 'path' in value) {
        expect(found.has(name), `${name} is exported by two slice files`).toBe(false);
        found.set(name, { file, endpoint: value });
      }
    }
  }
  return found;
}

describe('the endpoint table', () => {
  it('is every endpoint of the slice files, each under its own name, and nothing else', async () => {
    const slices = await sliceEndpoints();
    const missing = [...slices.keys()].filter((name) => !(name in ENDPOINTS));
    expect(missing, 'name these in api/contract/src/endpoints.ts').toEqual([]);
    for (const [name, { endpoint }] of slices) {
      expect((ENDPOINTS as Record<string, unknown>)[name]).toBe(endpoint);
    }
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...slices.keys()].sort());
  });
});
