import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useHydrated } from '../hooks/use-hydrated';
import { StaticModal } from './StaticModal';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /**
   * The dialog's accessible name, shown as its heading unless `hideTitle`. Leave it out when the
   * content places its own <ModalTitle>.
   */
  title?: ReactNode;
  hideTitle?: boolean;
  description?: ReactNode;
  children: ReactNode;
  /** Caps the dialog's height; the content scrolls inside (docs/product.md#constants-and-limits: the job modal is 85vh). */
  maxHeight?: string;
}

const RadixModal = lazy(() => import('./RadixModal'));

/**
 * A dialog (see RadixModal for what it does). Its code loads when a dialog first opens, so pages
 * that have not opened one (the board's first view) do not carry it. A dialog open from the start
 * (a shared /jobs/{id}) is drawn by the server as StaticModal, the same look in place, so that its
 * content is in the first paint; it stays until the Radix dialog has loaded. One opened later
 * waits for the Radix dialog (a moment), so focus moves into it once, never from one to the other.
 */
export function Modal(props: ModalProps) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(props.open);
  const [drawnByServer] = useState(props.open && !hydrated);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  const inPlace = drawnByServer && props.open ? <StaticModal {...props} /> : null;
  if (!hydrated) return inPlace;
  return (
    <Suspense fallback={inPlace}>
      <RadixModal {...props} />
    </Suspense>
  );
}

/** The open dialog's title component (Radix's Dialog.Title, which names the dialog). */
export const ModalTitleContext = createContext<ComponentType<{ children?: ReactNode }> | null>(
  null,
);

/**
 * The dialog's title placed by the content itself (a Modal without `title`): for a dialog that
 * stays mounted while its content changes.
 */
export function ModalTitle({ children }: { children?: ReactNode }) {
  const Title = useContext(ModalTitleContext);
  return Title ? <Title>{children}</Title> : <h2>{children}</h2>;
}
