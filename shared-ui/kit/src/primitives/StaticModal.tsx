import { createContext, useContext, useEffect, useId, type ReactNode } from 'react';
import { FocusScope } from '@radix-ui/react-focus-scope';
import styled from 'styled-components';
import { ModalTitleContext, type ModalProps } from './Modal';
import { closeButtonStyles, contentStyles, overlayStyles, titleStyles } from './modal-styles';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * A dialog open from the start (a shared /jobs/{id} address), as the server draws it: the same
 * markup and look as the Radix dialog but in place, not in a portal the server cannot draw, so its
 * content is on screen with the page's first paint. The browser takes it over where it is (no
 * element is drawn again): Escape, the overlay and the close button close it, and Radix's own focus
 * scope (asChild: no element of its own, so the server's HTML matches) moves the focus into it and
 * keeps it there, as in the Radix dialog.
 */
export function StaticModal({
  onClose,
  title,
  hideTitle,
  description,
  children,
  maxHeight = '85vh',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    // An Escape a dialog opened above this one took (Radix marks it handled) closes that one only.
    const closeOnEscape = (event: KeyboardEvent) =>
      event.key === 'Escape' && !event.defaultPrevented && onClose();
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);
  return (
    <>
      {/* A click on it before the page is live closes it once it is (shell's before-live.js). */}
      <Overlay onClick={onClose} data-replay-click="" />
      <FocusScope asChild trapped loop>
        <Content
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          style={{ maxHeight }}
        >
          {title === undefined ? null : hideTitle ? (
            <VisuallyHidden id={titleId}>{title}</VisuallyHidden>
          ) : (
            <Title id={titleId}>{title}</Title>
          )}
          {description ? (
            <p id={descriptionId}>{description}</p>
          ) : (
            <VisuallyHidden id={descriptionId}>Details</VisuallyHidden>
          )}
          <TitleId.Provider value={titleId}>
            <ModalTitleContext.Provider value={ContentTitle}>{children}</ModalTitleContext.Provider>
          </TitleId.Provider>
          <CloseButton type="button" aria-label="Close" onClick={onClose}>
            ×
          </CloseButton>
        </Content>
      </FocusScope>
    </>
  );
}

/** The title the content places itself (ModalTitle), naming the dialog as Radix's does. */
const TitleId = createContext<string | undefined>(undefined);
function ContentTitle({ children }: { children?: ReactNode }) {
  return <Title id={useContext(TitleId)}>{children}</Title>;
}

const Overlay = styled.div`
  ${overlayStyles}
`;

const Content = styled.div`
  ${contentStyles}
`;

const Title = styled.h2`
  ${titleStyles}
`;

const CloseButton = styled.button`
  ${closeButtonStyles}
`;
