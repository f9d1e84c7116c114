import { z } from 'zod';
import { accessTokenResponse } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, text } from './envelope.ts';

/**
 * LTI 1.3 (1EdTech LTI Core with LTI Advantage): the enterprise's LMS launches the coach. Settings › LMS (LTI 1.3), the
 * default admin's alone since it decides who signs in as whom, registers platforms and shows the tool's values to
 * paste into the LMS. The launch itself is the LTI message flow at /lti/login and /lti/launch (not envelope calls);
 * it ends on the dashboard's /lti/continue, whose one-time code `lti/complete` turns into a session.
 */
const E = API_BASE.enterprise;
const G = `${E}/general`;

export const LTI_PATHS = {
  /** OIDC third-party login initiation (GET or POST from the platform). */
  login: '/lti/login',
  /** Where the platform posts the id token: resource link launches and deep linking requests alike. */
  launch: '/lti/launch',
  /** The tool's public keys (JWKS). */
  keyset: '/lti/jwks',
  /** Where the deep linking page posts its answer's one-time code: a page that carries the answer to the LMS. */
  deepLinkReturn: '/lti/return',
  /** The dashboard page a launch lands on, with its one-time code. */
  continue: '/lti/continue',
} as const;

export const LTI_MAX_DEPLOYMENTS = 20;
/** Tasks one Deep Linking answer adds to a course at most. */
export const LTI_MAX_DEEP_LINK_ITEMS = 20;

const url = (what: string) =>
  text()
    .trim()
    .min(1, `Enter the platform's ${what}`)
    .max(1000, 'At most 1000 characters')
    .url(`Enter the ${what} as a URL, like https://lms.example.com/…`);

export const ltiPlatformSchema = z.object({
  _id: id(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  keysetUrl: z.string(),
  authUrl: z.string(),
  tokenUrl: z.string(),
  updatedAt: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

export const ltiCourseSchema = z.object({
  platformId: z.string(),
  contextId: z.string(),
  title: z.string(),
  /** Whether the LMS offered the course's roster (Names and Role Provisioning Services). */
  canSync: z.boolean(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  syncedAt: z.string().nullable(),
});
export type LtiCourse = z.infer<typeof ltiCourseSchema>;

export const ltiSettingsResponse = z.object({
  /** What the LMS is given when the tool is registered there. */
  tool: z.object({
    loginUrl: z.string(),
    launchUrl: z.string(),
    keysetUrl: z.string(),
    deepLinkingUrl: z.string(),
  }),
  platforms: z.array(ltiPlatformSchema),
  /** The courses launches came from, newest first, with the group "Sync the class" fills. */
  courses: z.array(ltiCourseSchema),
});
export type LtiSettings = z.infer<typeof ltiSettingsResponse>;

export const savePlatformRequest = z.strictObject({
  /** Left out to register a new platform. */
  platformId: id().optional(),
  name: text().trim().min(1, 'Enter a name for the platform').max(80, 'At most 80 characters'),
  issuer: url('issuer (platform ID)'),
  clientId: text()
    .trim()
    .min(1, 'Enter the client ID the platform gave the tool')
    .max(255, 'At most 255 characters'),
  deploymentIds: z
    .array(text().trim().min(1, 'A deployment ID cannot be empty').max(255, 'At most 255 characters'))
    .min(1, 'Enter at least one deployment ID')
    .max(LTI_MAX_DEPLOYMENTS, `At most ${LTI_MAX_DEPLOYMENTS} deployment IDs`)
    .refine((list) => new Set(list).size === list.length, 'Each deployment ID once'),
  keysetUrl: url('public keyset URL'),
  authUrl: url('authentication request URL'),
  tokenUrl: url('access token URL'),
});

export const lti = {
  settings: defineCall({
    method: 'GET',
    path: `${G}/lti-settings`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: empty(),
    response: ltiSettingsResponse,
  }),
  /** Registers a platform, or changes one (`platformId`); an issuer and client id name one platform server-wide. */
  savePlatform: defineCall({
    method: 'POST',
    path: `${G}/lti-settings/save-platform`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: savePlatformRequest,
    response: ltiPlatformSchema,
  }),
  /** Removes a platform: its launches stop, and its users' links to members go with it (the members stay). */
  removePlatform: defineCall({
    method: 'POST',
    path: `${G}/lti-settings/remove-platform`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: z.strictObject({ platformId: id() }),
    response: z.object({ _id: z.string() }),
  }),
  /** "Sync the class": the course's group holds exactly its active members (made or linked as a launch would). */
  syncClass: defineCall({
    method: 'POST',
    path: `${G}/lti-settings/sync-class`,
    auth: 'enterprise',
    permission: null,
    defaultAdminOnly: true,
    request: z.strictObject({ platformId: id(), contextId: text().min(1).max(255) }),
    response: z.object({
      groupId: z.string(),
      groupName: z.string(),
      members: z.number(),
      added: z.number(),
      removed: z.number(),
      created: z.number(),
      skipped: z.number(),
      syncedAt: z.string(),
    }),
  }),
  /** A Deep Linking request from the caller's course waiting for their pick (404 once answered or expired). */
  deepLink: defineCall({
    method: 'GET',
    path: `${E}/lti/deep-link`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ deepLinkId: id() }),
    response: z.object({ platformName: z.string(), acceptMultiple: z.boolean(), expiresAt: z.string() }),
  }),
  /**
   * Answers the course with the picked tasks (none: nothing is added), once. The answer is the signed
   * LtiDeepLinkingResponse, which the browser carries to the platform as LTI Deep Linking 2.0 has it: the page posts
   * the one-time `code` to LTI_PATHS.deepLinkReturn, whose page posts the answer on to the platform's return URL.
   */
  answerDeepLink: defineCall({
    method: 'POST',
    path: `${E}/lti/deep-link/answer`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({
      deepLinkId: id(),
      taskIds: z.array(id()).max(LTI_MAX_DEEP_LINK_ITEMS, `At most ${LTI_MAX_DEEP_LINK_ITEMS} tasks at once`),
    }),
    response: z.object({ code: z.string() }),
  }),
  /** Turns the one-time code a launch ended with into a session, and says where to go (the linked page). */
  complete: defineCall({
    method: 'POST',
    path: `${E}/lti/complete`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ code: text().regex(/^[A-Za-z0-9_-]{43}$/, 'The launch code is not valid') }),
    response: accessTokenResponse.extend({ target: z.string() }),
  }),
};
