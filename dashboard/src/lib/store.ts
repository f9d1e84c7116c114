import { createStore } from 'jotai';

/**
 * The one jotai store of the app, created once so non-React code (the API client reading tokens,
 * the 401 handler logging a session out) sees the same values as the components.
 */
export const appStore = createStore();
export type AppStore = typeof appStore;
