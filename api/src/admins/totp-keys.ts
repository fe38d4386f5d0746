import type { TotpEncryptionConfig } from '../platform/config';
import type { AdminsRepository, UnreadableSecret } from './admins-repository';
import { totpKeyId } from './totp-encryption';

/** The configured keys cannot read every stored two-factor secret: the start stops on it. */
export class TotpKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TotpKeyError';
  }
}

/**
 * What the operator reads when stored two-factor secrets cannot be opened: whose, why (the key
 * each names), the current key's id, and what to do.
 */
export function unreadableSecretsMessage(
  unreadable: UnreadableSecret[],
  keys: Pick<TotpEncryptionConfig, 'key'>,
): string {
  const admins = new Set(unreadable.map((secret) => secret.username)).size;
  return [
    `The two-factor secrets of ${admins} admin${admins === 1 ? '' : 's'} cannot be read with the configured keys (TOTP_ENCRYPTION_KEY is key ${totpKeyId(keys.key)}):`,
    ...unreadable.map((secret) => `  - ${secret.username} (${secret.column}): ${secret.reason}`),
    'Set the key they were encrypted with as TOTP_ENCRYPTION_KEY, or add it to TOTP_ENCRYPTION_KEY_PREVIOUS, and start again (docs/operations.md, "The two-factor key").',
    'If that key is lost, those admins cannot use their codes: `jobboard admin reset-2fa <username>` turns their two-factor sign-in off, and they set it up again.',
  ].join('\n');
}

/**
 * The server's start, once the schema is current (issue 43, finding 9): the secrets stored in
 * clear by a release before encryption are encrypted with the current key, and every stored
 * secret must open with the configured keys, or the start stops (TotpKeyError) rather than serve
 * admins whose codes would all fail. How many were encrypted.
 */
export async function secureTotpSecrets(
  admins: Pick<AdminsRepository, 'resealTotpSecrets'>,
  keys: Pick<TotpEncryptionConfig, 'key'>,
): Promise<number> {
  const { resealed, unreadable } = await admins.resealTotpSecrets('clear');
  if (unreadable.length) throw new TotpKeyError(unreadableSecretsMessage(unreadable, keys));
  return resealed;
}
