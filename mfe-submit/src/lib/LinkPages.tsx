import { RemoteRoot } from '@jobboard/shared-ui';
import { Route, Routes, useParams } from '@jobboard/shared-ui/router';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A page of a link's steps, drawn for the link's token. */
type Step = (token: string) => ReactNode;

/**
 * The pages behind an e-mailed link (/pay/{token}/*, /renew/{token}/*): the link's own page and
 * the steps under it (back from Stripe), each given the token, in one narrow column.
 */
export function LinkPages({ index, steps }: { index: Step; steps: Record<string, Step> }) {
  const { token = '' } = useParams();
  return (
    <RemoteRoot name="mfe_submit" version={__APP_VERSION__}>
      <Page>
        <Routes>
          <Route index element={index(token)} />
          {Object.entries(steps).map(([path, step]) => (
            <Route key={path} path={path} element={step(token)} />
          ))}
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
