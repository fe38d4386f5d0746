import { create } from 'zustand';

/** Toast limits of docs/product.md 9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'];
/** A dismissed toast leaves the store this long after it closed (its exit has long finished). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  add(toast: Omit<ToastItem, 'id' | 'open'>): string;
  dismiss(id?: string): void;
  remove(id: string): void;
}

let counter = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * One store for the whole page. shared-ui is a federation singleton, so a toast raised in any
 * remote lands here and shows in the shell's one viewport.
 */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  add(toast) {
    const id = `toast-${++counter}`;
    // Newest first, at most TOAST_LIMIT kept: a new toast replaces the one on screen.
    set((state) => ({
      toasts: [{ ...toast, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT),
    }));
    return id;
  },
  dismiss(id) {
    const targets = get().toasts.filter((t) => id === undefined || t.id === id);
    for (const toast of targets) {
      if (removalTimers.has(toast.id)) continue;
      removalTimers.set(
        toast.id,
        setTimeout(() => get().remove(toast.id), TOAST_REMOVE_DELAY_MS),
      );
    }
    set((state) => ({
      toasts: state.toasts.map((t) =>
        id === undefined || t.id === id ? { ...t, open: false } : t,
      ),
    }));
  },
  remove(id) {
    clearTimeout(removalTimers.get(id));
    removalTimers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Show a toast from anywhere: `toast({ title: 'Job deleted successfully' })`. */
export function toast({ title, description, variant = 'default' }: ToastOptions) {
  const id = useToastStore.getState().add({ title, description, variant });
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}
