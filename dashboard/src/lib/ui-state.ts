import type { Group } from '@coach/shared/contract/auth';
import { atom } from 'jotai';

/** The group chosen in the top-bar filter; null means All Groups. Lists of later features read it. */
export const selectedGroupAtom = atom<Group | null>(null);

/** Set to true to show the 2.5 s preloader (spec §2 Layouts); the layout resets it. */
export const showPreloaderAtom = atom(false);
