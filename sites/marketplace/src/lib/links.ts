export const homePath = '/marketplace/home';
export const coursePath = (id: string) => `/marketplace/course-detail/${encodeURIComponent(id)}`;
export const institutionPath = (slug: string) => `/marketplace/institution/${encodeURIComponent(slug)}`;
export const APP_STORE_URL = 'https://apps.apple.com/app/coach-ai-speaking-coach/id0000000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=example.coach.app';
