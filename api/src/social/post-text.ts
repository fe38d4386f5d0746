import {
  composePost,
  DEFAULT_POST_TEMPLATES,
  lengthRuleOf,
  type ComposedPost,
  type PostDetails,
  type WebhookFormat,
} from '@jobboard/contract/admin';
import { withVia, type Job, type SocialChannel } from '@jobboard/contract/jobs';
import type { OutgoingPost } from './networks/network';

/** What a post says of a job: its placeholders' values but the link. */
export function postDetails(job: Job): PostDetails {
  return {
    title: job.title,
    organization: job.organization,
    location: job.location,
    pay: job.salary ?? '',
    type: job.jobType,
  };
}

/** The job's page on the board, as `channel` links to it (the page counts the visit as its). */
export const jobLink = (
  publicUrl: string,
  jobId: number | string,
  channel: SocialChannel,
): string => withVia(`${publicUrl}/jobs/${jobId}`, channel);

/**
 * One job's post on one channel: its template filled in and fitted to the network's limit (the
 * contract's composePost, which the admin's preview uses too), and what a link card shows.
 */
export function composeFor(
  job: Job,
  channel: SocialChannel,
  template: string | undefined,
  setup: { publicUrl: string; webhookFormat: WebhookFormat },
): {
  composed: ComposedPost;
  link: string;
  card: Pick<OutgoingPost, 'cardTitle' | 'cardDescription'>;
} {
  const details = postDetails(job);
  const link = jobLink(setup.publicUrl, job.id, channel);
  const composed = composePost(
    template ?? DEFAULT_POST_TEMPLATES[channel],
    { ...details, link },
    lengthRuleOf(channel, setup.webhookFormat),
  );
  const card = {
    cardTitle: `${details.title} at ${details.organization}`,
    cardDescription: [details.location, details.pay, details.type].filter(Boolean).join(' · '),
  };
  return { composed, link, card };
}
