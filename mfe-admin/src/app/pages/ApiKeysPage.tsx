import type { ApiKey, CreatedApiKey } from '@jobboard/contract/admin';
import {
  Button,
  Spinner,
  StatusBadge,
  Table,
  errorMessage,
  formatUsDate,
  toast,
} from '@jobboard/shared-ui';
import { useState } from 'react';
import { useApiKeys, useRevokeApiKey } from '../../features/api-keys/api/api-keys';
import { ApiKeyForm } from '../../features/api-keys/components/ApiKeyForm';
import { NewKey } from '../../features/api-keys/components/NewKey';
import { API_KEYS_TEXT } from '../../features/api-keys/messages';
import { useConfirm } from '../../lib/confirm';
import { toastFailure } from '../../lib/toast-failure';
import { PageHeader } from '../../lib/ui';

/** The day of an ISO time, as the admin's pages write dates. */
const day = (iso: string) => formatUsDate(iso.slice(0, 10));

/**
 * /admin/api-keys (issue 46, docs/product.md#admin-api-keys): the integrators' keys, made with a
 * name and what they may do, the new key shown once; listed by their start, last use and state;
 * revoked after a confirmation.
 */
export default function ApiKeysPage() {
  const { data: keys, error, isLoading } = useApiKeys();
  const { trigger: revokeKey } = useRevokeApiKey();
  const { confirm, dialog } = useConfirm();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const revoke = async (key: ApiKey) => {
    const yes = await confirm({
      title: API_KEYS_TEXT.revokeTitle,
      message: API_KEYS_TEXT.revokeConfirm(key.name),
      confirmLabel: API_KEYS_TEXT.revoke,
      danger: true,
    });
    if (!yes) return;
    try {
      await revokeKey(key.id);
      toast({ title: API_KEYS_TEXT.revoked, description: key.name, variant: 'success' });
    } catch (failure) {
      toastFailure(API_KEYS_TEXT.revokeFailed, failure, API_KEYS_TEXT.tryAgain);
    }
  };

  return (
    <>
      {dialog}
      <PageHeader>
        <div>
          <h1>{API_KEYS_TEXT.title}</h1>
          <p>{API_KEYS_TEXT.subtitle}</p>
        </div>
      </PageHeader>
      {created ? (
        <NewKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <ApiKeyForm onCreated={setCreated} />
      )}
      <h2>{API_KEYS_TEXT.listHeading(keys?.length ?? 0)}</h2>
      {isLoading ? (
        <Spinner label={API_KEYS_TEXT.loading} />
      ) : error ? (
        <p role="alert">{errorMessage(error, API_KEYS_TEXT.loadFailed)}</p>
      ) : !keys?.length ? (
        <p>{API_KEYS_TEXT.empty}</p>
      ) : (
        <Table columns={API_KEYS_TEXT.columns}>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>
                <strong>{key.name}</strong>
              </td>
              <td>
                <code>{key.start}…</code>
              </td>
              <td>{key.scopes.map((scope) => API_KEYS_TEXT.scopeLabels[scope]).join(', ')}</td>
              <td>{API_KEYS_TEXT.createdBy(day(key.createdAt), key.createdBy)}</td>
              <td>{key.lastUsedAt ? day(key.lastUsedAt) : API_KEYS_TEXT.neverUsed}</td>
              <td>
                <StatusBadge tone={key.revokedAt ? 'off' : 'live'}>
                  {key.revokedAt
                    ? API_KEYS_TEXT.revokedOn(day(key.revokedAt))
                    : API_KEYS_TEXT.active}
                </StatusBadge>
              </td>
              <td>
                {!key.revokedAt && (
                  <Button
                    $variant="danger"
                    $size="sm"
                    onClick={() => void revoke(key)}
                    aria-label={API_KEYS_TEXT.revokeLabel(key.name)}
                  >
                    {API_KEYS_TEXT.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
