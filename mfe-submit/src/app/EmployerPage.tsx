import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { Route, Routes, useParams } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { EditSubmission } from '../features/employer/components/EditSubmission';
import { Inbox } from '../features/employer/components/Inbox';
import { Listings } from '../features/employer/components/Listings';
import { ProposeChanges } from '../features/employer/components/ProposeChanges';
import { Receipt } from '../features/employer/components/Receipt';
import { SignInLink } from '../features/employer/components/SignInLink';
import { SignInRequest } from '../features/employer/components/SignInRequest';
import { StillHiring } from '../features/employer/components/StillHiring';
import { Team } from '../features/employer/components/Team';
import { SubmitJobForm } from '../features/submission/components/SubmitJobForm';

/**
 * The employer's pages (issue 30): /employer (ask for a sign-in link), /employer/sign-in (the
 * link), /employer/listings, /employer/submissions/:id/edit, /employer/jobs/:id/propose
 * (changes to a live job), /employer/jobs/:id/applications (the applicant inbox, issue 42; its
 * e-mails link here), /employer/receipts/:id, /employer/renewal-receipts/:id and
 * /employer/still-hiring (a still-hiring check-in's link, issue 45: no sign-in needed) and
 * /employer/team (the organisation's members, issue 47).
 */
export default function EmployerPage() {
  return (
    <RemoteRoot name="mfe_submit" version={__APP_VERSION__}>
      <Page>
        <Routes>
          <Route index element={<SignInRequest />} />
          <Route path="sign-in" element={<SignInLink />} />
          <Route path="still-hiring" element={<StillHiring />} />
          <Route path="listings" element={<Listings />} />
          <Route path="team" element={<Team />} />
          <Route
            path="submissions/:id/edit"
            element={
              <WithId
                render={(id) => (
                  <EditSubmission id={id} form={(props) => <SubmitJobForm {...props} />} />
                )}
              />
            }
          />
          <Route
            path="jobs/:id/propose"
            element={<WithId render={(id) => <ProposeChanges jobId={id} />} />}
          />
          <Route
            path="jobs/:id/applications"
            element={<WithId render={(id) => <Inbox jobId={id} />} />}
          />
          <Route path="receipts/:id" element={<WithId render={(id) => <Receipt id={id} />} />} />
          <Route
            path="renewal-receipts/:id"
            element={<WithId render={(id) => <Receipt id={id} kind="renewal" />} />}
          />
        </Routes>
      </Page>
    </RemoteRoot>
  );
}

function WithId({ render }: { render(id: string): React.ReactNode }) {
  const { id = '' } = useParams();
  return <>{render(id)}</>;
}

const Page = styled(PageContainer).attrs({ $width: '52rem' })`
  margin-top: ${({ theme }) => theme.space.xl};
  margin-bottom: ${({ theme }) => theme.space.xl};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  @media print {
    margin: 0;
  }
`;
