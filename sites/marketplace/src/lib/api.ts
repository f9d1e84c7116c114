import { createApiClient } from '@coach/shared/client';

/**
 * Build time: pages read real data from the API server at API_URL (the one-process server builds the site
 * against itself). In the browser, islands call PUBLIC_API_URL, or the page's own origin when it is empty.
 */
export const buildApi = createApiClient({
  baseUrl: (typeof process !== 'undefined' && process.env.API_URL) || 'http://localhost:3000',
  timeoutMs: 60_000,
});

export const browserApi = createApiClient({ baseUrl: import.meta.env.PUBLIC_API_URL ?? '' });

export { ApiError } from '@coach/shared/client';
