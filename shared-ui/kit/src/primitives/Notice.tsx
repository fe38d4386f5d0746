import styled, { css } from 'styled-components';

/**
 * A message strip above or inside a list, with its action (a Retry, a Remove) beside the text:
 * `neutral` for information, `danger` for something that failed.
 */
export const Notice = styled.div<{ $tone?: 'neutral' | 'danger' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  ${({ $tone = 'neutral', theme }) =>
    $tone === 'danger'
      ? css`
          background: ${theme.colors.dangerSoft};
          color: ${theme.colors.danger};
        `
      : css`
          background: ${theme.colors.surfaceMuted};
        `}
  p {
    margin: 0;
  }
`;
