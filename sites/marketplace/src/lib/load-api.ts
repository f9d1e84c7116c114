/**
 * The browser's API client (ky, the envelope and ApiError: 8 KB brotli), fetched when an island first calls
 * instead of with every page: the header search, the course filters and the review form call only after the
 * visitor acts (or is signed in), so a visit that only reads never downloads it.
 */
export const loadApi = () => import('./api.ts');
