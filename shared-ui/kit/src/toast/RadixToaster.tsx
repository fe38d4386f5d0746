import * as RadixToast from '@radix-ui/react-toast';
import styled, { css } from 'styled-components';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
  useToastStore,
  type ToastVariant,
} from './toast-store';

/**
 * The toast viewport itself (loaded by Toaster once the page is up). Radix gives the behaviour of
 * docs/product.md#constants-and-limits: timed close, swipe right to dismiss, F8 to focus the viewport, announcements to
 * screen readers.
 */
export default function RadixToaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((t) => (
        <Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          $variant={t.variant}
          data-testid="toast"
        >
          <Title>{t.title}</Title>
          {t.description && <Description>{t.description}</Description>}
          <Close aria-label="Close">×</Close>
        </Root>
      ))}
      <Viewport hotkey={TOAST_VIEWPORT_HOTKEY} label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  );
}

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(420px, 100vw);
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  outline: none;
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  position: relative;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl} ${theme.space.md} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: ${theme.colors.textInverse};
    `}
  ${({ $variant, theme }) =>
    $variant === 'success' &&
    css`
      border-left: 6px solid ${theme.colors.success};
    `}
  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='end'] {
    transform: translateX(var(--radix-toast-swipe-end-x));
  }
`;

const Title = styled(RadixToast.Title)`
  font-weight: 600;
`;

const Description = styled(RadixToast.Description)`
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Close = styled(RadixToast.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space.xs};
  right: ${({ theme }) => theme.space.xs};
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  padding: ${({ theme }) => theme.space.xs};
`;
