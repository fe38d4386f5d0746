import { RemoteRoot } from '@jobboard/shared-ui';
import { Route, Routes, useParams } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { RenewDone } from '../features/renewal/components/RenewDone';
import { RenewPanel } from '../features/renewal/components/RenewPanel';

/** /renew/{token} and /renew/{token}/done (the shell mounts /renew/:token/*). */
export default function RenewPage() {
  const { token = '' } = useParams();
  return (
    <RemoteRoot name="mfe_submit" version={__APP_VERSION__}>
      <Page>
        <Routes>
          <Route index element={<RenewPanel token={token} />} />
          <Route path="done" element={<RenewDone token={token} />} />
        </Routes>
      </Page>
    </RemoteRoot>
  );
}

const Page = styled.div`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  padding: 0 ${({ theme }) => theme.space.md};
`;
