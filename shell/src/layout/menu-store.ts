import { create } from 'zustand';

/** Whether the small-screen menu is open. */
export const useMenuStore = create<{ open: boolean; toggle(): void; close(): void }>((set) => ({
  open: false,
  toggle: () => set((s) => ({ open: !s.open })),
  close: () => set({ open: false }),
}));
