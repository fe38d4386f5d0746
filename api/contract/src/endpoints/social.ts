/** Social posting: the channels' settings and the log of posts (api/src/social/). */
import { type Endpoint, Message } from '../endpoint';
import { byId } from './params';
import {
  SOCIAL_MESSAGES,
  SocialChannelParams,
  SocialChannelUpdate,
  SocialChannelView,
  SocialChannels,
  SocialPostPage,
  SocialPostsQuery,
} from '../social-posts';

export const adminChannels = {
  method: 'GET',
  path: '/api/admin/channels',
  summary:
    "Each channel new listings are posted to (Bluesky, Mastodon, a chat webhook): whether it is set up on the server and on, its template and its network's limit, and the newest live listing to preview the templates with. Credentials are never answered, only whether they are set.",
  response: SocialChannels,
} as const satisfies Endpoint;
export const updateChannel = {
  method: 'PUT',
  path: '/api/admin/channels/:channel',
  summary:
    'Turns a channel on or off and saves its template (400 naming what is wrong with the template; 409 to turn on a channel not set up on the server). Turned off, its posts not yet out are not posted.',
  params: SocialChannelParams,
  notFound: { channel: SOCIAL_MESSAGES.channelNotFound },
  body: SocialChannelUpdate,
  response: SocialChannelView,
} as const satisfies Endpoint;
export const socialPosts = {
  method: 'GET',
  path: '/api/admin/channels/posts',
  summary: 'One page of the posts to the channels, newest first, with their state and last error.',
  querystring: SocialPostsQuery,
  response: SocialPostPage,
} as const satisfies Endpoint;
export const retrySocialPost = {
  method: 'POST',
  path: '/api/admin/channels/posts/:id/retry',
  summary:
    'Tries a given-up post (or its deletion) again, due now with a fresh count of attempts (409 for one not given up).',
  ...byId(SOCIAL_MESSAGES.postNotFound),
  response: Message,
} as const satisfies Endpoint;
