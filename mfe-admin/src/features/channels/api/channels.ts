import type { SocialChannelUpdate } from '@jobboard/contract/admin';
import { ENDPOINTS, endpointKey, type EndpointQuery } from '@jobboard/contract/endpoints';
import type { SocialChannel } from '@jobboard/contract/jobs';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The cache entry of the channels' settings (a save refreshes it). */
export const channelsKey = endpointKey(ENDPOINTS.adminChannels);

/** Each channel with its template, and the newest live listing to preview with. */
export function useChannels() {
  return useSWR(channelsKey, () => apiFetch(ENDPOINTS.adminChannels), { revalidateOnMount: true });
}

/** Save one channel: on or off, and its template. */
export function useSaveChannel() {
  return useMutation(
    channelsKey,
    (_key: string, { arg }: { arg: { channel: SocialChannel; update: SocialChannelUpdate } }) =>
      apiFetch(ENDPOINTS.updateChannel, { params: { channel: arg.channel }, body: arg.update }),
  );
}

/** A view of the log: its filters and page. */
export type PostsQuery = NonNullable<EndpointQuery<typeof ENDPOINTS.socialPosts>>;

export const postsKey = (view: PostsQuery) => endpointKey(ENDPOINTS.socialPosts, { query: view });

/** One page of the posts, newest first. */
export function usePosts(view: PostsQuery) {
  return useSWR(postsKey(view), () => apiFetch(ENDPOINTS.socialPosts, { query: view }), {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}

/** Try a given-up post again; `pageKey` (the page on screen) is fetched again. */
export function useRetryPost(pageKey: string) {
  return useMutation(pageKey, (_key: string, { arg: id }: { arg: string }) =>
    apiFetch(ENDPOINTS.retrySocialPost, { params: { id } }),
  );
}
