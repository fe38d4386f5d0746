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
 * content is in the first paint, and it stays that dialog until it closes: swapping it for the
 * Radix dialog after the first paint replaced the very link a visitor was clicking (a click lost
 * with no tab opened, seen in the end-to-end runs) and moved the focus twice. Once taken over by the
 * browser it traps the focus as the Radix dialog does. A dialog opened later is the Radix one.
 */
export function Modal(props: ModalProps) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(props.open);
  const [drawnByServer, setDrawnByServer] = useState(props.open && !hydrated);
  if (drawnByServer && !props.open) setDrawnByServer(false);
  if (props.open && !opened) setOpened(true);
  if (drawnByServer) return <StaticModal {...props} />;
  if (!opened || !hydrated) return null;
  return (
    <Suspense fallback={null}>
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
