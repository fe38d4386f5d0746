/** @jobboard/contract/site: the site's configuration and boot data, the apps table and remotes.json, the front-end routes, URLs, the legal pages. */
export * from '../site';
export * from '../remotes';
export * from '../routes';
export * from '../urls';
export * from '../client-errors';
export * from '../legacy-routes';
export * from '../legal';
