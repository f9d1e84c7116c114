/** The five partner institutions of the marketplace (spec §2 slugs, §9), with display names. */
export const INSTITUTIONS = [
  { slug: 'you-study-international-college', name: 'You Study International College' },
  { slug: 'english-priority', name: 'English Priority' },
  { slug: 'pacific-training-group', name: 'Pacific Training Group' },
  { slug: 'education-center-of-australia', name: 'Education Center of Australia' },
  { slug: 'ames-australia', name: 'AMES Australia' },
] as const;

export type InstitutionSlug = (typeof INSTITUTIONS)[number]['slug'];

export const INSTITUTION_SLUGS = INSTITUTIONS.map(({ slug }) => slug);

/** Partner landing page paths (spec §2 public routes). */
export const PARTNER_LANDING_PATHS = [
  '/upaep-ai-coach',
  '/utbis-ai-coach',
  '/utp-ai-coach',
  '/itssmt-ai-coach',
  '/simplified-recruitment',
  '/story-up',
  '/you-study',
  '/aurora',
  '/genu',
] as const;
