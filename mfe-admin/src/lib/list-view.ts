import { listQueryString } from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { type AnyStruct } from '@jobboard/contract/endpoints';
import { useSearchParams } from '@jobboard/shared-ui/router';

/**
 * A list's view (search, filters, sort, page) kept in the address's query string, so a view can
 * be bookmarked and shared: read with the contract's query struct (the API's own), each value it
 * refuses dropped for its default, and written back with only what differs from the defaults.
 */
export function useListView<
  T extends Record<string, string | number | undefined> & { page: number },
>(struct: AnyStruct, defaults: Record<string, string | number | undefined>) {
  const [params, setParams] = useSearchParams();
  const view = readView<T>(struct, params);
  const show = (next: T) => setParams(new URLSearchParams(listQueryString(next, defaults)));
  // A new search or filter starts again at page 1; only paging keeps the page.
  const update = (change: Partial<T>) => show({ ...view, page: 1, ...change });
  const goToPage = (page: number) => show({ ...view, page });
  return { view, update, goToPage };
}

/** The view an address names; a value the struct refuses (a stale or hand-typed link) is dropped. */
function readView<T>(struct: AnyStruct, params: URLSearchParams): T {
  const raw: Record<string, string> = Object.fromEntries(params);
  for (let tries = 0; tries < 20; tries += 1) {
    const result = check(struct, raw);
    if (result.ok) return result.value as T;
    const bad = Object.keys(result.errors).filter((key) => key in raw);
    if (!bad.length) break;
    for (const key of bad) delete raw[key];
  }
  // Every field of a list's query has a default or may be left out.
  const empty = check(struct, {});
  if (!empty.ok) throw new Error('A list query must accept an empty query string');
  return empty.value as T;
}
