import { create } from 'zustand';
import { readText, STORAGE_KEYS, writeText } from '../utils/storage';

interface LockState {
  /** Mirrors lockWindowState ('1' locked, '0' not) shared by every tab. */
  locked: boolean;
  /** Wrong unlock passwords in a row (more than 3 logs out). */
  wrong: number;
  setLocked(locked: boolean): void;
  addWrong(): number;
  resetWrong(): void;
}

export const useLock = create<LockState>((set, get) => ({
  locked: readText(STORAGE_KEYS.lockWindowState) === '1',
  wrong: 0,
  setLocked(locked) {
    writeText(STORAGE_KEYS.lockWindowState, locked ? '1' : '0');
    set({ locked, wrong: locked ? get().wrong : 0 });
  },
  addWrong() {
    const wrong = get().wrong + 1;
    set({ wrong });
    return wrong;
  },
  resetWrong() {
    set({ wrong: 0 });
  },
}));
