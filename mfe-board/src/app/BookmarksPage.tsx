import { PageContainer, RemoteRoot, useHydrated, useMemberStore } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { MemberAlerts } from '../features/alerts/components/MemberAlerts';
import { BookmarkedJobs } from '../features/jobs/components/BookmarkedJobs';
import { JOB_TEXT } from '../features/jobs/messages';
import { MemberData } from '../features/privacy/components/MemberData';
import { ApplyOnBoard } from './apply-on-board';

/**
 * /bookmarks: the jobs bookmarked in this browser or by the signed-in member (docs/product.md#routes-and-screens), and for
 * a signed-in member the job alerts of their address and 'Download / Delete my data'.
 */
export default function BookmarksPage() {
  const email = useMemberStore((s) => s.member?.email);
  const hydrated = useHydrated();
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <Page>
        <h1>{JOB_TEXT.bookmarksTitle}</h1>
        <Intro>
          {hydrated && email ? JOB_TEXT.bookmarksIntroMember(email) : JOB_TEXT.bookmarksIntro}
        </Intro>
        <ApplyOnBoard>
          <BookmarkedJobs />
        </ApplyOnBoard>
        <MemberAlerts />
        <MemberData />
      </Page>
    </RemoteRoot>
  );
}

const Page = styled(PageContainer).attrs({ $width: '56rem' })`
  h1 {
    margin-top: 0;
  }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
