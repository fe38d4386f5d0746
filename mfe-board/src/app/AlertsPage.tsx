import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { AlertLinkPage, type AlertAction } from '../features/alerts/components/AlertLinkPage';

const ACTIONS: readonly AlertAction[] = ['confirm', 'unsubscribe', 'manage'];

/** /alerts/confirm, /alerts/unsubscribe, /alerts/manage: the links of a job alert's e-mails. */
export default function AlertsPage() {
  const segment = useLocation().pathname.split('/')[2] ?? '';
  const action = ACTIONS.find((a) => a === segment) ?? 'manage';
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <PageContainer $width="40rem">
        <AlertLinkPage action={action} />
      </PageContainer>
    </RemoteRoot>
  );
}
