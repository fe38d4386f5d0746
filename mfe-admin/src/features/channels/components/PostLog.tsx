import {
  POST_STATES,
  SOCIAL_MESSAGES as TEXT,
  SocialPostsQuery,
  type PostState,
  type SocialPost,
} from '@jobboard/contract/admin';
import { CHANNEL_LABELS, SOCIAL_CHANNELS, type SocialChannel } from '@jobboard/contract/jobs';
import {
  Button,
  Cluster,
  Select,
  StatusBadge,
  Table,
  toast,
  type StatusTone,
} from '@jobboard/shared-ui';
import { ListResults } from '../../../lib/ListResults';
import { useListView } from '../../../lib/list-view';
import { toastFailure } from '../../../lib/toast-failure';
import { postsKey, usePosts, useRetryPost } from '../api/channels';

const DEFAULTS = { page: 1, pageSize: 25 } as const;
type PostsView = { channel?: SocialChannel; status?: PostState; page: number; pageSize: number };

const TONES = {
  pending: 'awaitingPayment',
  posted: 'live',
  failed: 'rejected',
  cancelled: 'off',
  removing: 'awaitingPayment',
  removed: 'off',
  remove_failed: 'rejected',
} as const satisfies Record<PostState, StatusTone>;

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The latest posts on every channel, with their state, last error and 'Retry' for one given up. */
export function PostLog() {
  const { view, update, goToPage } = useListView<PostsView>(SocialPostsQuery, DEFAULTS);
  const posts = usePosts(view);
  const retrying = useRetryPost(postsKey(view));

  const retry = async (post: SocialPost) => {
    try {
      const { message } = await retrying.trigger(post.id);
      toast({ title: message, description: post.jobTitle, variant: 'success' });
    } catch (failure) {
      toastFailure(TEXT.retryFailed, failure, TEXT.tryAgain);
    }
  };

  return (
    <section aria-labelledby="post-log">
      <Cluster $gap="md" $spread>
        <div>
          <h2 id="post-log">{TEXT.log}</h2>
          <p>{TEXT.logSubtitle}</p>
        </div>
        <Cluster $gap="sm">
          <Select
            label={TEXT.channel}
            value={view.channel ?? ''}
            onChange={(event) =>
              update({ channel: (event.target.value || undefined) as PostsView['channel'] })
            }
            options={[
              { value: '', label: TEXT.anyChannel },
              ...SOCIAL_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] })),
            ]}
          />
          <Select
            label={TEXT.state}
            value={view.status ?? ''}
            onChange={(event) =>
              update({ status: (event.target.value || undefined) as PostsView['status'] })
            }
            options={[
              { value: '', label: TEXT.anyState },
              ...POST_STATES.map((s) => ({ value: s, label: TEXT.states[s] })),
            ]}
          />
        </Cluster>
      </Cluster>
      <ListResults
        answer={posts}
        rows={(page) => page.posts}
        texts={{ empty: TEXT.empty, loading: TEXT.loadingPosts, loadFailed: TEXT.postsFailed }}
        page={view.page}
        onPageChange={goToPage}
      >
        {(rows) => (
          <Table columns={TEXT.columns}>
            {rows.map((post) => (
              <tr key={post.id}>
                <td>{TEXT.queuedAt(minute(post.createdAt))}</td>
                <td>{CHANNEL_LABELS[post.channel]}</td>
                <td>{post.jobTitle}</td>
                <td>
                  <StatusBadge tone={TONES[post.status]}>{TEXT.states[post.status]}</StatusBadge>
                  {post.lastError && <div>{TEXT.lastError(post.lastError)}</div>}
                  {post.nextAttemptAt && post.attempts > 0 && (
                    <div>{TEXT.nextTry(minute(post.nextAttemptAt))}</div>
                  )}
                </td>
                <td>{post.attempts}</td>
                <td>
                  {post.retryable && (
                    <Button
                      $size="sm"
                      $variant="secondary"
                      disabled={retrying.isMutating}
                      aria-label={TEXT.retryLabel(CHANNEL_LABELS[post.channel], post.jobTitle)}
                      onClick={() => void retry(post)}
                    >
                      {TEXT.retry}
                    </Button>
                  )}
                  {post.url && post.status === 'posted' && (
                    <a href={post.url} target="_blank" rel="noreferrer">
                      {TEXT.viewPost}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListResults>
    </section>
  );
}
