/**
 * Where the browser keeps each signed-in session (localStorage, JSON `{ token, mfaDone, refreshDone }`). The
 * dashboard writes them; the marketplace site, served from the same origin, reads the enterprise one so a
 * signed-in learner can review a course they are enrolled in.
 */
export const SESSION_STORAGE_KEYS = {
  enterprise: 'coach.enterprise.session',
  admin: 'coach.admin.session',
} as const;
