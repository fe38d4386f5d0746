import type { WebhookConfig } from '../../platform/config';
import { callNetwork, retryAfterMs, statusError } from './network';
import type { CallLimits, Network, OutgoingPost, PostedPost } from './network';

const NAME = 'The chat webhook';

/**
 * A Slack or Discord incoming webhook: one JSON message, `{text}` for Slack, `{content}` for
 * Discord. Nothing in the job's words may call out a channel: Slack's control characters (&, <, >)
 * are escaped, as Slack asks, so a title cannot hold `<!channel>`; Discord is told to ping nobody
 * (`allowed_mentions`), so `@everyone` in a title stays text. A webhook has no key to tell a repeat
 * by, nor a way to delete what it posted: a message stays in the chat after its listing closes.
 */
export class WebhookNetwork implements Network {
  constructor(
    private readonly config: WebhookConfig,
    private readonly limits: CallLimits,
  ) {}

  async post(post: OutgoingPost): Promise<PostedPost> {
    const message =
      this.config.format === 'discord'
        ? { content: post.text, allowed_mentions: { parse: [] } }
        : { text: slackEscaped(post.text) };
    const { answer, text } = await callNetwork(
      NAME,
      this.config.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      },
      this.limits.timeoutMs,
    );
    if (!answer.ok) {
      throw statusError(
        NAME,
        answer.status,
        text.trim(),
        retryAfterMs(answer.headers.get('retry-after'), this.limits.now()),
      );
    }
    return { remoteId: null, remoteUrl: null };
  }
}

/** Slack's three control characters, escaped (api.slack.com/reference/surfaces/formatting#escaping). */
export const slackEscaped = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
