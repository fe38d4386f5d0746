import { DATA_RIGHTS_TEXTS } from '@jobboard/contract/alerts';
import { useMemberStore } from '@jobboard/shared-ui';
import { useState } from 'react';
import { deleteMemberData, exportMemberData } from '../api/member-data';
import { DataRights } from './DataRights';

/**
 * /bookmarks for a signed-in member: their data (member record, bookmarks, their address's
 * alerts). Deleting it signs them out here too (the API has ended every session of theirs); the
 * section stays to say it is done.
 */
export function MemberData() {
  const signedIn = useMemberStore((s) => s.status === 'signed-in');
  const signedOut = useMemberStore((s) => s.signedOut);
  const [deleted, setDeleted] = useState(false);
  if (!signedIn && !deleted) return null;
  return (
    <DataRights
      intro={DATA_RIGHTS_TEXTS.memberIntro}
      download={exportMemberData}
      remove={deleteMemberData}
      onDeleted={() => {
        setDeleted(true);
        signedOut();
      }}
    />
  );
}
