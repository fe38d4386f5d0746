/**
 * The admins slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export { AdminsRepository, normaliseUsername } from './admins-repository';
export { TotpSecretCipher, totpKeyId } from './totp-encryption';
export { unreadableSecretsMessage } from './totp-keys';
