import { create } from 'zustand';

/**
 * Set when the idle timeout signed the user out: the content outlet unmounts every page (SPEC 4
 * "the app view is removed"), so no page keeps calling the API without a token until the reload.
 */
export const useSessionEnded = create<{ ended: boolean; end(): void }>((set) => ({
  ended: false,
  end: () => set({ ended: true }),
}));
