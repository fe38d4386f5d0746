import {
  errorMessage,
  loadMember,
  portalSignInUrl,
  startSignIn,
  signOutMember,
  toast,
  useMemberStore,
} from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { navLinkStyle } from './nav-link-style';

/**
 * The header's member item, when a Ghost site is configured: 'Sign in' (to the Ghost portal,
 * remembering where the visitor was so /ghost-callback can bring them back), or the signed-in
 * member's e-mail and 'Sign out'. Nothing until the API has said which (nor on the server).
 */
export function MemberMenu({
  membershipUrl,
  onFollow,
}: {
  membershipUrl: string;
  onFollow(): void;
}) {
  const status = useMemberStore((s) => s.status);
  const email = useMemberStore((s) => s.member?.email);
  const { pathname, search } = useLocation();

  useEffect(() => {
    void loadMember();
  }, []);

  if (status === 'signed-out') {
    return (
      <SignIn
        href={portalSignInUrl(membershipUrl)}
        onClick={() => {
          startSignIn(`${pathname}${search}`);
          onFollow();
        }}
      >
        Sign in
      </SignIn>
    );
  }
  if (status !== 'signed-in') return null;
  return (
    <Signed>
      <Email title={email}>{email}</Email>
      <SignOut
        type="button"
        onClick={() => {
          onFollow();
          signOutMember().then(
            () => toast({ title: 'You have been signed out.', variant: 'success' }),
            (error: unknown) =>
              toast({
                title: 'Sign-out did not work',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          );
        }}
      >
        Sign out
      </SignOut>
    </Signed>
  );
}

const SignIn = styled.a`
  ${navLinkStyle}
`;

const Signed = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.sm};
`;

const Email = styled.span`
  max-width: 14rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SignOut = styled.button`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;
