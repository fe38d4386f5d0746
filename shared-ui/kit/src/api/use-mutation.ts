import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

export interface MutationOptions<Data, Current> {
  /** Write the result into the key's cached data at once (e.g. drop a deleted row). */
  populateCache?: (result: Data, current: Current | undefined) => Current;
  /** Fetch the key again after the call, whatever its outcome (default true). */
  revalidate?: boolean;
}

/**
 * A write to the API as a hook, shaped like SWR's `useSWRMutation` (`trigger`, `isMutating`): runs
 * `fetcher`, then updates or refetches the SWR entry `key` it changes. Built on `swr` itself,
 * not `swr/mutation`: that entry point carries its own copy of SWR's internals, which in a
 * federated remote is a second cache the page's lists never read.
 */
export function useMutation<Data, Arg = void, Current = unknown>(
  key: string,
  fetcher: (key: string, options: { arg: Arg }) => Promise<Data>,
  options: MutationOptions<Data, Current> = {},
) {
  const { mutate } = useSWRConfig();
  const [isMutating, setMutating] = useState(false);
  const latest = useRef({ fetcher, options });
  latest.current = { fetcher, options };

  const trigger = useCallback(
    async (...[arg]: Arg extends void ? [] : [Arg]): Promise<Data> => {
      const { fetcher: run, options: current } = latest.current;
      const revalidate = current.revalidate !== false;
      setMutating(true);
      try {
        const result = await run(key, { arg: arg as Arg });
        if (current.populateCache) {
          const populate = current.populateCache;
          void mutate<Current>(key, (cached) => populate(result, cached), { revalidate });
        } else if (revalidate) void mutate(key);
        return result;
      } catch (error) {
        if (revalidate) void mutate(key);
        throw error;
      } finally {
        setMutating(false);
      }
    },
    [key, mutate],
  );

  return { trigger, isMutating };
}
