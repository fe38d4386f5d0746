import { DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { deleteAlertData, exportAlertData } from '../api/alert-data';
import { DataRights } from './DataRights';

/** An alert's manage and unsubscribe pages: the data of the link's address (its job alerts). */
export function AlertData({ token }: { token: string }) {
  if (!token) return null;
  return (
    <DataRights
      intro={DATA_RIGHTS_TEXTS.alertIntro}
      download={() => exportAlertData(token)}
      remove={() => deleteAlertData(token)}
    />
  );
}
