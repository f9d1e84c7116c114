export const homePath = '/marketplace/home';
export const coursePath = (id: string) => `/marketplace/course-detail/${encodeURIComponent(id)}`;
/** The home page's catalogue filtered by a search (the course browser reads `search` from the address). */
export const catalogueSearchPath = (search: string) =>
  `${homePath}?${new URLSearchParams({ search: search.trim() })}#courses`;
export const institutionPath = (slug: string) => `/marketplace/institution/${encodeURIComponent(slug)}`;
/** The home page's list of every institution: the site has no page of its own for it (spec §2's routes). */
export const institutionListPath = `${homePath}#institutions`;

/** The dashboard's (same origin) list of the courses a signed-in learner bought, where they open each one. */
export const MY_COURSES_PATH = '/enterprise/my-courses';

/**
 * The dashboard's sign-in for a learner or buyer: it returns to My courses, and greets them as a learner (a
 * redirect to My courses says who they are). Their address fills the field: it is theirs and no secret.
 */
export const learnerSignInPath = (email?: string, lang?: string) => {
  const query = new URLSearchParams({ redirect: MY_COURSES_PATH });
  if (email) query.set('email', email);
  if (lang) query.set('lang', lang);
  return `/login?${query}`;
};

/**
 * The dashboard's sign-in in the language the visitor reads the site in (`lang`, which the dashboard takes as their
 * choice), back to `redirect` when given.
 */
export const signInPath = (lang: string, redirect?: string) => {
  const query = new URLSearchParams(redirect ? { redirect } : {});
  query.set('lang', lang);
  return `/login?${query}`;
};
