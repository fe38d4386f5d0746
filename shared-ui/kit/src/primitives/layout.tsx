import styled from 'styled-components';
import type { Theme } from '../theme/theme';

type Space = keyof Theme['space'];

/**
 * A page's column under the shell's header: centred, at most `$width` wide (the site's width by
 * default), with the page padding.
 */
export const PageContainer = styled.div<{ $width?: string }>`
  max-width: ${({ theme, $width }) => $width ?? theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
`;

/** Children one under the other, `$gap` apart (md by default). */
export const Stack = styled.div<{ $gap?: Space }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 'md' }) => theme.space[$gap]};
`;

/**
 * Children side by side, wrapping when there is no room (buttons, a heading and its actions),
 * `$gap` apart (sm by default); `$spread` pushes the first and last apart.
 */
export const Cluster = styled.div<{ $gap?: Space; $spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${({ $spread }) => ($spread ? 'space-between' : 'flex-start')};
  gap: ${({ theme, $gap = 'sm' }) => theme.space[$gap]};
`;

/** A bordered surface for a group of controls (a filter panel); flat, where a Card has a shadow. */
export const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.md};
`;

/** What a list shows when it has nothing: a dashed box with a centred message and its action. */
export const EmptyState = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;
