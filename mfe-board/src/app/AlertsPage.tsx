import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { AlertLinkPage, type AlertAction } from '../features/alerts/components/AlertLinkPage';
import { AlertData } from '../features/privacy/components/AlertData';

const ACTIONS: readonly AlertAction[] = ['confirm', 'unsubscribe', 'manage'];

/**
 * /alerts/confirm, /alerts/unsubscribe, /alerts/manage: the links of a job alert's e-mails; the
 * manage and unsubscribe pages also offer 'Download my data' and 'Delete my data'.
 */
export default function AlertsPage() {
  const location = useLocation();
  const segment = location.pathname.split('/')[2] ?? '';
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const action = ACTIONS.find((a) => a === segment) ?? 'manage';
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <PageContainer $width="40rem">
        <AlertLinkPage action={action} />
        {/* Download and delete the address's data: from the links every alert e-mail carries. */}
        {action !== 'confirm' && <AlertData token={token} />}
      </PageContainer>
    </RemoteRoot>
  );
}
