import { DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { AlertLinkPage, type AlertAction } from '../features/alerts/components/AlertLinkPage';
import { AlertData } from '../features/privacy/components/AlertData';
import { DataLinkRequest } from '../features/privacy/components/DataLinkRequest';

const ACTIONS: readonly AlertAction[] = ['confirm', 'unsubscribe', 'manage'];

/**
 * /alerts/confirm, /alerts/unsubscribe, /alerts/manage: the links of a job alert's e-mails, each
 * acting on its one alert; the manage and unsubscribe pages also offer to e-mail a link to
 * download or delete everything of an address. /alerts/data: that link's page (without a token,
 * the form that asks for one).
 */
export default function AlertsPage() {
  const location = useLocation();
  const segment = location.pathname.split('/')[2] ?? '';
  const token = new URLSearchParams(location.search).get('token') ?? '';
  if (segment === 'data') {
    return (
      <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
        <PageContainer $width="40rem">
          <h1>{DATA_RIGHTS_TEXTS.pageTitle}</h1>
          <AlertData token={token} />
        </PageContainer>
      </RemoteRoot>
    );
  }
  const action = ACTIONS.find((a) => a === segment) ?? 'manage';
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <PageContainer $width="40rem">
        <AlertLinkPage action={action} />
        {/* An address's data: only by a link e-mailed to it, never by this alert's link. */}
        {action !== 'confirm' && <DataLinkRequest />}
      </PageContainer>
    </RemoteRoot>
  );
}
