import { DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { deleteDataByLink, exportDataByLink } from '../api/alert-data';
import { DataLinkRequest } from './DataLinkRequest';
import { DataRights } from './DataRights';

/**
 * /alerts/data?token=: the page of a data link e-mailed to an address (docs/product.md#privacy):
 * download or delete everything the board keeps about that address. The link works once, so a
 * new one can be asked for below.
 */
export function AlertData({ token }: { token: string }) {
  if (!token) return <DataLinkRequest />;
  return (
    <>
      <DataRights
        intro={DATA_RIGHTS_TEXTS.linkIntro}
        download={() => exportDataByLink(token)}
        remove={() => deleteDataByLink(token)}
      />
      <DataLinkRequest withHeading={false} />
    </>
  );
}
