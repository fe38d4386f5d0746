import type { ClientErrorKind } from '@jobboard/contract/site';

/** Texts of the dashboard's panel of the browsers' reports about the remotes. */
export const CLIENT_ERROR_TEXT = {
  heading: 'Pages that failed in browsers',
  intro: (since: string) =>
    `Since the server started (${since}), browsers reported these parts of the site failing. The server log has each report with its request id.`,
  kinds: {
    'remote-mismatch': 'Not loaded: its release does not fit the site',
    'remote-load-failed': 'Could not be loaded',
    'remote-crashed': 'Crashed while shown',
  } satisfies Record<ClientErrorKind, string>,
  kind: 'What happened',
  app: 'Part of the site',
  count: 'Reports',
  latestHeading: 'Latest reports',
  version: 'Version',
  message: 'Message',
  when: 'When',
} as const;
