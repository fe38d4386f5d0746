import { SOCIAL_MESSAGES as TEXT } from '@jobboard/contract/admin';
import { errorMessage, Spinner, Stack } from '@jobboard/shared-ui';
import { useChannels } from '../../features/channels/api/channels';
import { ChannelCard } from '../../features/channels/components/ChannelCard';
import { PostLog } from '../../features/channels/components/PostLog';
import { PageHeader } from '../../lib/ui';

/**
 * /admin/channels (issue 44, docs/product.md#social-posting): each channel new listings are posted to,
 * on or off with its template and a preview, and the log of the latest posts with 'Retry'.
 */
export default function ChannelsPage() {
  const channels = useChannels();
  return (
    <>
      <PageHeader>
        <div>
          <h1>{TEXT.title}</h1>
          <p>{TEXT.subtitle}</p>
        </div>
      </PageHeader>
      {channels.error ? (
        <p role="alert">{errorMessage(channels.error, TEXT.loadFailed)}</p>
      ) : !channels.data ? (
        <Spinner label={TEXT.loading} />
      ) : (
        <Stack $gap="lg">
          {channels.data.channels.map((channel) => (
            <ChannelCard
              key={`${channel.channel}:${channel.updatedAt ?? ''}`}
              channel={channel}
              sample={channels.data!.sample}
            />
          ))}
          <PostLog />
        </Stack>
      )}
    </>
  );
}
