/** A video counts as viewed when more than this fraction has played (spec §4, §9: 80 percent). */
export const VIDEO_COMPLETION_THRESHOLD = 0.8;
/** Player start volume (spec §9). */
export const DEFAULT_VOLUME = 0.8;
/** Player speed list (spec §2, §9). */
export const PLAYBACK_SPEEDS = [0.5, 1, 1.25, 1.5, 2] as const;

/** Typing delay of the top-bar group search (spec §2, §9). */
export const GROUP_SEARCH_DEBOUNCE_MS = 500;
/** Max height of the group filter dropdown (spec §2, §9). */
export const GROUP_DROPDOWN_MAX_HEIGHT_PX = 300;
/** The marketplace search fires this long after the last keystroke (spec §7, §9). */
export const COURSE_SEARCH_DEBOUNCE_MS = 2000;

/** Refresh the token when it expires in more than 0 and at most this many seconds (spec §4, §9). */
export const TOKEN_REFRESH_WINDOW_SECONDS = 14400;
/** Preloader duration (spec §2, §9). */
export const PRELOADER_MS = 2500;
/** Toast duration (spec §8, §9). */
export const TOAST_MS = 4000;

/** Page size of completed tasks pending review (spec §7, §9). */
export const PENDING_REVIEW_PAGE_SIZE = 10;
/** Page size of get-enterprise-tasks (spec §7, §9). */
export const ENTERPRISE_TASKS_PAGE_SIZE = 25;
/** Page size of general/user-groups (10 a page). */
export const USER_GROUPS_PAGE_SIZE = 10;
/** Marketplace filter default page (spec §3, §9). */
export const MARKETPLACE_DEFAULT_PAGE = 1;

/** Uploads are PUT with this cache max-age, public-read (spec §7). */
export const UPLOAD_CACHE_MAX_AGE_SECONDS = 2592000;
