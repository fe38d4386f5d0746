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
  /** Caps the dialog's height; the content scrolls inside (SPEC.md 9: the job modal is 85vh). */
  maxHeight?: string;
}

const RadixModal = lazy(() => import('./RadixModal'));

/**
 * A dialog (see RadixModal for what it does). Its code loads when a dialog first opens, so pages
 * that have not opened one (the board's first view) do not carry it. A dialog lives in a portal
 * the server does not draw, so one open from the start opens once the browser has taken over the
 * server's HTML.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  const hydrated = useHydrated();
  if (props.open && !opened) setOpened(true);
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
