import type { AdminUser, EnterpriseUser } from '@coach/shared/contract/auth';
import type { VideoContent } from '@coach/shared/contract/video';
import { vi } from 'vitest';

export type FakeReply = { status?: number; body: unknown; headers?: Record<string, string> };
export type FakeHandler = (body: Record<string, unknown>, request: Request) => FakeReply | Promise<FakeReply>;

/** A successful envelope as the server sends it. */
export const ok = (response: unknown, message = 'OK'): FakeReply => ({
  body: { success: 1, message, response },
});
/** A failed envelope with its HTTP status. */
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  body: { success: 0, message, ...extra },
});

/**
 * A fake fetch answering by path (`POST /api/v1/enterprise/login`); unknown calls answer 404 so a
 * test notices a request it did not expect. `calls` records every request for assertions.
 */
export const createFakeServer = (routes: Record<string, FakeHandler>) => {
  const calls: { route: string; body: Record<string, unknown>; headers: Headers }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
    calls.push({ route, body, headers: request.headers });
    const handler = routes[route];
    const reply = handler ? await handler(body, request) : fail(404, `No fake for ${route}`);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, routes };
};

/** An unsigned JWT whose payload expires `secondsFromNow` from now (the client only reads exp). */
export const fakeToken = (secondsFromNow: number, subject = 'user-1') => {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, exp })}.signature`;
};

export const makeEnterpriseUser = (
  overrides: {
    roleName?: string;
    permissions?: EnterpriseUser['roleId']['permissions'];
    isDefaultAdmin?: boolean;
    enterprise?: Partial<EnterpriseUser['enterpriseId']>;
    name?: string;
  } = {},
): EnterpriseUser => ({
  _id: 'u1',
  name: overrides.name ?? 'Olivia Owner',
  email: 'owner@acme.example',
  avatarUrl: null,
  mobile: '+61 400 000 123',
  isDefaultAdmin: overrides.isDefaultAdmin ?? false,
  emailVerified: true,
  timezone: null,
  language: null,
  loggedInAsAdmin: false,
  roleId: {
    _id: 'r1',
    name: overrides.roleName ?? 'Staff',
    permissions: overrides.permissions ?? ['dashboard'],
  },
  enterpriseId: {
    _id: 'e1',
    company_name: 'Acme Learning',
    enterprise_logo: null,
    address: null,
    timezone: null,
    themeSettings: {
      buttonColor: '#FFFFFF',
      buttonBackColor: '#2563EB',
      buttonHoverColor: '#FFFFFF',
      buttonBackHoverColor: '#1D4ED8',
      navFontColor: '#E5E7EB',
      navBackgroundColor: '#1F2937',
    },
    enableCourseFeature: false,
    enableInterviewReadyFeature: true,
    enableCommunicationReadyFeature: true,
    enablePronunciationFeature: true,
    enableVocabularyFeature: true,
    enableReadFeature: true,
    enableSpeakFreelyFeature: true,
    enableCallFeature: true,
    enableSoftSkillsReadyFeature: true,
    enableRateYourJourneyFeature: true,
    enableFlashCardFeature: true,
    enableCompanyInfoFeature: false,
    enableTaskAttachmentUpload: false,
    ...overrides.enterprise,
  },
});

export const makeAdminUser = (): AdminUser => ({
  _id: 'a1',
  name: 'Ada Admin',
  email: 'admin@coach.example',
  role: 'Super Admin',
  avatarUrl: null,
  mobile: null,
  language: null,
});

/** A page of groups as general/user-groups answers. */
export const groupsPage = (currentPage: number, totalPages: number, names: string[]) =>
  ok({ currentPage, totalPages, listdata: names.map((name) => ({ _id: `g-${name}`, name })) });

/** A content library video as the server lists it, its fields replaced by `over`. */
export const makeVideo = (id: string, over: Partial<VideoContent> = {}): VideoContent => ({
  _id: id,
  title: `Video ${id}`,
  description: '',
  coach: 'Casey Coach',
  category: 'communication',
  categoryLabel: 'Communication',
  videoUrl: `https://cdn.example/${id}.mp4`,
  hls: false,
  thumbnailUrl: null,
  durationSeconds: 60,
  subtitles: [],
  likeCount: 0,
  viewCount: 0,
  likedByMe: false,
  viewedByMe: false,
  journal: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...over,
});
