import { css } from 'styled-components';

/**
 * The dialog's look, shared by the Radix dialog (RadixModal) and the one the server draws before
 * the browser takes over (StaticModal), so that the hand-over changes nothing on screen.
 */
export const overlayStyles = css`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  z-index: ${({ theme }) => theme.zIndices.overlay};
`;

export const contentStyles = css`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(760px, calc(100vw - 2rem));
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.xl};
  z-index: ${({ theme }) => theme.zIndices.modal};
  &:focus {
    outline: none;
  }
`;

export const titleStyles = css`
  margin: 0 2rem ${({ theme }) => theme.space.md} 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const closeButtonStyles = css`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.5rem;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
