import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import styled from 'styled-components';
import { ModalTitleContext, type ModalProps } from './Modal';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * The dialog itself, on Radix (loaded by Modal when a dialog first opens): focus moves in and is
 * trapped while open, Escape and the overlay close it, focus returns to what opened it, the rest of
 * the page is hidden from screen readers.
 */
export default function RadixModal({
  open,
  onClose,
  title,
  hideTitle,
  description,
  children,
  maxHeight = '85vh',
}: ModalProps) {
  // Radix returns the focus to a <Dialog.Trigger>; our dialogs open from links and routes, so
  // remember what had the focus when the dialog opened and give it back on close.
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Overlay />
        <Content
          style={{ maxHeight }}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            openedFrom.current = active instanceof HTMLElement ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = openedFrom.current;
            openedFrom.current = null;
            if (target?.isConnected && target !== document.body) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {title === undefined ? null : hideTitle ? (
            <VisuallyHidden>
              <Dialog.Title>{title}</Dialog.Title>
            </VisuallyHidden>
          ) : (
            <Title>{title}</Title>
          )}
          {description ? (
            <Dialog.Description>{description}</Dialog.Description>
          ) : (
            <VisuallyHidden>
              <Dialog.Description>Details</Dialog.Description>
            </VisuallyHidden>
          )}
          <ModalTitleContext.Provider value={Title}>{children}</ModalTitleContext.Provider>
          <CloseButton aria-label="Close">×</CloseButton>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  z-index: ${({ theme }) => theme.zIndices.overlay};
`;

const Content = styled(Dialog.Content)`
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

const Title = styled(Dialog.Title)`
  margin: 0 2rem ${({ theme }) => theme.space.md} 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const CloseButton = styled(Dialog.Close)`
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
