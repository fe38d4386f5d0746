import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import styled from 'styled-components';
import { ModalTitleContext, type ModalProps } from './Modal';
import { closeButtonStyles, contentStyles, overlayStyles, titleStyles } from './modal-styles';
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
  ${overlayStyles}
`;

const Content = styled(Dialog.Content)`
  ${contentStyles}
`;

const Title = styled(Dialog.Title)`
  ${titleStyles}
`;

const CloseButton = styled(Dialog.Close)`
  ${closeButtonStyles}
`;
