import { create } from 'zustand';
import { session } from '../../../shared/storage';

/** Session-storage key: a locked screen stays locked across a reload of the tab. */
export const LOCKED_KEY = 'lockScreen';

export const useLockStore = create<{ locked: boolean; lock(): void; unlock(): void }>((set) => ({
  locked: session.get<boolean>(LOCKED_KEY) === true,
  lock() {
    session.set(LOCKED_KEY, true);
    set({ locked: true });
  },
  unlock() {
    session.remove(LOCKED_KEY);
    set({ locked: false });
  },
}));
