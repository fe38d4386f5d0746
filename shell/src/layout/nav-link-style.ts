import { css } from 'styled-components';

/** How a link of the header's navigation looks: the nav items, the sign-in link. */
export const navLinkStyle = css`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
