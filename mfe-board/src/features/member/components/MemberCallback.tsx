import { MEMBER_MESSAGES } from '@jobboard/contract';
import {
  Card,
  Cluster,
  Spinner,
  errorMessage,
  portalSignInUrl,
  takeReturnPath,
  toast,
  useMemberStore,
  useSite,
} from '@jobboard/shared-ui';
import { Link, useLocation, useNavigate } from '@jobboard/shared-ui/router';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { signInMember } from '../api/sign-in';
import { MEMBER_TEXT } from '../messages';

export interface MemberCallbackProps {
  /** This browser's bookmarks, sent to be merged into the member's. */
  localBookmarks(): string[];
  /** The member's bookmarks after the merge: this browser keeps them too. */
  onSignedIn(bookmarkIds: string[]): void;
}

/**
 * /ghost-callback?token=...: where the Ghost site sends a signed-in member (the code injection in
 * README.md). The API checks the token; a good one signs the member in and returns them to where
 * they were, a bad one is explained. Without a Ghost site configured, the page says member
 * sign-in is not available, and that bookmarks work without it.
 */
export function MemberCallback(props: MemberCallbackProps) {
  const site = useSite();
  const membership = site?.membershipName ?? 'the membership system';
  if (!site) return <Spinner label={MEMBER_TEXT.authenticating(membership)} />;
  if (!site.membershipUrl) {
    return (
      <Panel>
        <h1>{MEMBER_TEXT.signingIn}</h1>
        <div role="status">
          <p>
            <strong>{MEMBER_TEXT.unavailable(membership)}</strong>
          </p>
          <p>{MEMBER_TEXT.bookmarksHere}</p>
        </div>
        <BoardLinks />
      </Panel>
    );
  }
  return <SignIn {...props} membership={membership} membershipUrl={site.membershipUrl} />;
}

function SignIn({
  membership,
  membershipUrl,
  localBookmarks,
  onSignedIn,
}: MemberCallbackProps & { membership: string; membershipUrl: string }) {
  const token = new URLSearchParams(useLocation().search).get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(token ? null : MEMBER_MESSAGES.tokenMissing);
  // Once per visit: the token is spent on the first try (and React may run effects twice).
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const local = localBookmarks();
    signInMember(token, local)
      .then(({ member, bookmarks }) => {
        // The union: the member's list, then what only this browser had (removed jobs included).
        onSignedIn([...bookmarks.ids, ...local.filter((id) => !bookmarks.ids.includes(id))]);
        useMemberStore.getState().signedIn(member, 'sign-in');
        toast({
          title: MEMBER_TEXT.signedIn(member.email),
          description: MEMBER_TEXT.bookmarksFollow,
          variant: 'success',
        });
        void navigate(takeReturnPath(), { replace: true });
      })
      .catch((caught: unknown) => setError(errorMessage(caught, MEMBER_TEXT.failed)));
  }, [token, localBookmarks, onSignedIn, navigate]);

  return (
    <Panel>
      <h1>{MEMBER_TEXT.signingIn}</h1>
      {error ? (
        <div role="alert">
          <p>
            <strong>{MEMBER_TEXT.failedTitle}</strong>
          </p>
          <p>{error}</p>
          <p>
            <a href={portalSignInUrl(membershipUrl)}>{MEMBER_TEXT.tryAgain}</a>
          </p>
        </div>
      ) : (
        <Spinner label={MEMBER_TEXT.authenticating(membership)} />
      )}
      <BoardLinks />
    </Panel>
  );
}

function BoardLinks() {
  return (
    <Links as="p" $gap="lg">
      <Link to="/">{MEMBER_TEXT.backToBoard}</Link>
      <Link to="/bookmarks">{MEMBER_TEXT.myBookmarks}</Link>
    </Links>
  );
}

const Panel = styled(Card)`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  h1 {
    margin-top: 0;
  }
`;

const Links = styled(Cluster)`
  margin-bottom: 0;
`;
