import { createApiClient } from '@coach/shared/client';

/**
 * Build time: pages read real data from the API server at API_URL (the one-process server builds the site
 * against itself). In the browser, islands call PUBLIC_API_URL, or the page's own origin when it is empty.
 */
export const buildApi = createApiClient({
  baseUrl: (typeof process !== 'undefined' && process.env.API_URL) || 'http://localhost:3000',
  timeoutMs: 60_000,
});

/**
 * Every call from a page says the page's language, so the mail an enrolment sends (the link to set a
 * password and start) is in the buyer's language, not the browser's.
 */
const withPageLanguage: typeof fetch = (input, init) => {
  if (typeof document !== 'undefined' && input instanceof Request && document.documentElement.lang)
    input.headers.set('Accept-Language', document.documentElement.lang);
  return fetch(input, init);
};

export const browserApi = createApiClient({
  baseUrl: import.meta.env.PUBLIC_API_URL ?? '',
  fetch: withPageLanguage,
});

export { ApiError } from '@coach/shared/client';
