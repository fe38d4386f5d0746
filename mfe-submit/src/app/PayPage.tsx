import { RemoteRoot } from '@jobboard/shared-ui';
import { Route, Routes, useParams } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { PayPanel } from '../features/payment/components/PayPanel';
import { PayCancelled, PaySuccess } from '../features/payment/components/PayResult';

/** /pay/{token}, /pay/{token}/success and /pay/{token}/cancel (the shell mounts /pay/:token/*). */
export default function PayPage() {
  const { token = '' } = useParams();
  return (
    <RemoteRoot name="mfe_submit" version={__APP_VERSION__}>
      <Page>
        <Routes>
          <Route index element={<PayPanel token={token} />} />
          <Route path="success" element={<PaySuccess token={token} />} />
          <Route path="cancel" element={<PayCancelled token={token} />} />
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
