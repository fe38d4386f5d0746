import { Card, useSite } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { MEMBER_TEXT } from '../messages';

/**
 * The membership system's sign-in callback. Member sign-in is not built yet (docs/architecture.md plans it),
 * so the page says so plainly instead of pretending to sign anyone in; bookmarks work without it.
 */
export function MemberCallback() {
  const membership = useSite()?.membershipName ?? 'the membership system';
  return (
    <Panel>
      <h1>{MEMBER_TEXT.signingIn}</h1>
      <div role="status">
        <p>
          <strong>{MEMBER_TEXT.unavailable(membership)}</strong>
        </p>
        <p>{MEMBER_TEXT.bookmarksHere}</p>
      </div>
      <Links>
        <Link to="/">{MEMBER_TEXT.backToBoard}</Link>
        <Link to="/bookmarks">{MEMBER_TEXT.myBookmarks}</Link>
      </Links>
    </Panel>
  );
}

const Panel = styled(Card)`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  h1 {
    margin-top: 0;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: 0;
`;
