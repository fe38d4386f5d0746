import {
  checkTemplate,
  composePost,
  SOCIAL_MESSAGES as TEXT,
  CHANNEL_VARIABLES,
  type PostSample,
  type SocialChannelView,
} from '@jobboard/contract/admin';
import { withVia } from '@jobboard/contract/jobs';
import {
  ApiError,
  Button,
  Card,
  CardTitle,
  Checkbox,
  Cluster,
  HintText,
  Notice,
  TextArea,
  toast,
} from '@jobboard/shared-ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { toastFailure } from '../../../lib/toast-failure';
import { useSaveChannel } from '../api/channels';

/** The longest job id a link may carry (jobs.id is an int4): the room a template leaves is counted with it. */
const LONGEST_JOB_ID = 2_147_483_647;

/**
 * One channel on /admin/channels: whether the server has its account, on or off, its template
 * checked as the admin types (the contract's checkTemplate, which the API applies too), and the
 * post it makes of the newest live listing, with its length as the network counts it.
 */
export function ChannelCard({
  channel,
  sample,
}: {
  channel: SocialChannelView;
  sample: PostSample | null;
}) {
  const [enabled, setEnabled] = useState(channel.enabled);
  const [template, setTemplate] = useState(channel.template);
  const [serverError, setServerError] = useState<string>();
  const saving = useSaveChannel();
  const headingId = useId();
  const rule = { max: channel.maxLength, counts: channel.counts };
  // The longest link the channel will send: the sample's, with the longest id (PUBLIC_URL may
  // have a path); this page's origin while no listing is live.
  const longestJobUrl = sample
    ? sample.jobUrl.replace(/\d+$/, String(LONGEST_JOB_ID))
    : `${window.location.origin}/jobs/${LONGEST_JOB_ID}`;
  const problem = checkTemplate(
    template,
    channel.channel,
    rule,
    withVia(longestJobUrl, channel.channel),
  );
  const preview =
    sample &&
    composePost(
      template,
      { ...sample.details, link: withVia(sample.jobUrl, channel.channel) },
      rule,
    );

  const save = async () => {
    if (problem) return;
    setServerError(undefined);
    try {
      await saving.trigger({ channel: channel.channel, update: { enabled, template } });
      toast({ title: TEXT.saved(channel.label), variant: 'success' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors?.template : undefined;
      if (field) setServerError(field);
      toastFailure(TEXT.saveFailed(channel.label), failure, TEXT.tryAgain);
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId}>{channel.label}</CardTitle>
      <p>
        {channel.configured && channel.account
          ? TEXT.configured(channel.account)
          : TEXT.notConfigured(CHANNEL_VARIABLES[channel.channel])}
      </p>
      <Checkbox
        label={TEXT.on(channel.label)}
        checked={enabled}
        disabled={!channel.configured}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <TextArea
        label={TEXT.template}
        hint={TEXT.templateHelp}
        rows={5}
        value={template}
        error={problem ?? serverError}
        onChange={(event) => {
          setTemplate(event.target.value);
          setServerError(undefined);
        }}
      />
      <Cluster $gap="sm">
        <Button
          $variant="secondary"
          $size="sm"
          onClick={() => setTemplate(channel.defaultTemplate)}
        >
          {TEXT.useDefault}
        </Button>
        <Button
          $size="sm"
          disabled={saving.isMutating || Boolean(problem)}
          onClick={() => void save()}
        >
          {TEXT.save}
        </Button>
      </Cluster>
      <HintText>{channel.canDelete ? TEXT.deletes : TEXT.cannotDelete}</HintText>
      <figure aria-label={`${TEXT.preview}: ${channel.label}`}>
        {preview && sample ? (
          <>
            <figcaption>{TEXT.previewOf(sample.details.title)}</figcaption>
            <Post>{preview.text}</Post>
            <p>
              {preview.fits
                ? TEXT.length(preview.length, preview.max)
                : TEXT.tooLong(preview.length, preview.max)}
            </p>
            {preview.shortened && preview.fits && <Notice>{TEXT.shortened}</Notice>}
          </>
        ) : (
          <figcaption>{TEXT.noSample}</figcaption>
        )}
      </figure>
    </Card>
  );
}

const Post = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;
