/**
 * The api-keys slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its service on `app`.
 */
export type { ApiKeysService, AuthenticatedKey } from './api-keys-service';
