import styled from 'styled-components';

/** The pay and renewal pages' parts of their card: a notice (payments not set up) and the small print. */
export const Notice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.featuredSoft};
`;

export const Small = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
