import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import {
  Button,
  Card,
  Cluster,
  Spinner,
  endSignIn,
  errorMessage,
  pendingSignIn,
  portalSignInUrl,
  toast,
  useMemberStore,
  useSite,
} from '@jobboard/shared-ui';
import { Link, useLocation, useNavigate } from '@jobboard/shared-ui/router';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { claimedEmailOf, signInMember } from '../api/sign-in';
import { MEMBER_TEXT } from '../messages';

export interface MemberCallbackProps {
  /** This browser's bookmarks, sent to be merged into the member's. */
  localBookmarks(): string[];
  /** The member's bookmarks after the merge: this browser keeps them too. */
  onSignedIn(bookmarkIds: string[]): void;
}

/**
 * /ghost-callback?token=...: where the Ghost site sends a signed-in member (the code injection in
 * docs/members.md). The API checks the token; a good one signs the member in and returns them to
 * where they were, a bad one is explained. A token that did not follow this browser's own 'Sign
 * in' is signed in only after the visitor confirms whose account it opens. Without a Ghost site configured, the page says member
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

type Step =
  | { kind: 'confirm' }
  | { kind: 'checking' }
  | { kind: 'declined' }
  | { kind: 'failed'; message: string };

function SignIn({
  membership,
  membershipUrl,
  localBookmarks,
  onSignedIn,
}: MemberCallbackProps & { membership: string; membershipUrl: string }) {
  const token = new URLSearchParams(useLocation().search).get('token');
  const navigate = useNavigate();
  // Read, not taken: React may render twice; the record goes once the callback is done.
  const [pending] = useState(() => pendingSignIn());
  const [step, setStep] = useState<Step>(() => {
    if (!token) return { kind: 'failed', message: MEMBER_MESSAGES.tokenMissing };
    return pending.startedHere ? { kind: 'checking' } : { kind: 'confirm' };
  });
  // Once per visit: the token is spent on the first try (and React may run effects twice).
  const started = useRef(false);

  const signIn = useCallback(() => {
    if (!token || started.current) return;
    started.current = true;
    setStep({ kind: 'checking' });
    const local = localBookmarks();
    signInMember(token, local)
      .then(({ member, bookmarks }) => {
        // The union: the member's list, then what only this browser had (removed jobs included).
        onSignedIn([...bookmarks.ids, ...local.filter((id) => !bookmarks.ids.includes(id))]);
        useMemberStore.getState().signedIn(member, 'sign-in');
        endSignIn();
        toast({
          title: MEMBER_TEXT.signedIn(member.email),
          description: MEMBER_TEXT.bookmarksFollow,
          variant: 'success',
        });
        void navigate(pending.returnTo, { replace: true });
      })
      .catch((caught: unknown) =>
        setStep({ kind: 'failed', message: errorMessage(caught, MEMBER_TEXT.failed) }),
      );
  }, [token, localBookmarks, onSignedIn, navigate, pending.returnTo]);

  // A sign-in this visitor began here goes ahead at once.
  useEffect(() => {
    if (pending.startedHere) signIn();
  }, [pending.startedHere, signIn]);

  return (
    <Panel>
      <h1>{step.kind === 'confirm' ? MEMBER_TEXT.confirmTitle : MEMBER_TEXT.signingIn}</h1>
      {step.kind === 'confirm' && token && (
        <Confirm
          email={claimedEmailOf(token)}
          bookmarkCount={localBookmarks().length}
          onConfirm={signIn}
          onDecline={() => {
            endSignIn();
            setStep({ kind: 'declined' });
          }}
        />
      )}
      {step.kind === 'checking' && <Spinner label={MEMBER_TEXT.authenticating(membership)} />}
      {step.kind === 'declined' && <p role="status">{MEMBER_TEXT.declined}</p>}
      {step.kind === 'failed' && (
        <div role="alert">
          <p>
            <strong>{MEMBER_TEXT.failedTitle}</strong>
          </p>
          <p>{step.message}</p>
          <p>
            <a href={portalSignInUrl(membershipUrl)}>{MEMBER_TEXT.tryAgain}</a>
          </p>
        </div>
      )}
      <BoardLinks />
    </Panel>
  );
}

/**
 * A token that did not follow this visitor's own 'Sign in' (a link from someone else could carry
 * the sender's account): say whose account it opens and what happens to this browser's
 * bookmarks, and sign in only when the visitor says so.
 */
function Confirm({
  email,
  bookmarkCount,
  onConfirm,
  onDecline,
}: {
  email: string | null;
  bookmarkCount: number;
  onConfirm(): void;
  onDecline(): void;
}) {
  return (
    <div role="group" aria-label={MEMBER_TEXT.confirmTitle}>
      <p>
        <strong>{MEMBER_TEXT.confirmWho(email)}</strong>
      </p>
      {bookmarkCount > 0 && <p>{MEMBER_TEXT.confirmBookmarks(bookmarkCount)}</p>}
      <p>{MEMBER_TEXT.confirmWhy}</p>
      <Cluster>
        <Button type="button" onClick={onConfirm}>
          {MEMBER_TEXT.confirm(email)}
        </Button>
        <Button type="button" $variant="secondary" onClick={onDecline}>
          {MEMBER_TEXT.decline}
        </Button>
      </Cluster>
    </div>
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
