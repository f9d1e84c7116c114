import { z } from 'zod';
import { LANGUAGES, type LanguageCode } from '../constants/languages.ts';
import { isKnownTimeZone } from '../constants/timezones.ts';
import { PERMISSION_KEYS } from '../permissions.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, paged, text } from './envelope.ts';

// ---------------------------------------------------------------------------------------------
// Shared field rules
// ---------------------------------------------------------------------------------------------

export const emailField = text().trim().toLowerCase().email('Please enter a valid email').max(254);
/** New passwords: at least 10 characters (NIST 800-63B: length over composition rules). */
export const newPasswordField = text()
  .min(10, 'Password must be at least 10 characters')
  .max(200, 'Password must be at most 200 characters');
/** Passwords offered at login are only length-bounded (a policy change must not lock anyone out). */
export const givenPasswordField = text().min(1, 'Please enter your password').max(200);
const resetTokenField = text().min(16).max(200);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #RRGGBB');

/** A zone of spec §9's full list (the IANA list); anything else is a 422 naming the field. */
export const timeZoneField = () =>
  text().trim().max(64).refine(isKnownTimeZone, 'Choose a timezone from the list');

/** One of spec §9's nine languages; anything else is a 422 naming the field. */
export const languageField = () =>
  z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]], {
    error: 'Choose one of the offered languages',
  });

/** Contact methods for the second-factor code (spec §9): 1 Mobile Number, 2 Email. */
export const contactMethodField = z.union([z.literal(1), z.literal(2)]);

// ---------------------------------------------------------------------------------------------
// Entities of spec §3
// ---------------------------------------------------------------------------------------------

/** themeSettings of spec §3. */
export const themeSettingsSchema = z.object({
  buttonColor: hexColor,
  buttonBackColor: hexColor,
  buttonHoverColor: hexColor,
  buttonBackHoverColor: hexColor,
  navFontColor: hexColor,
  navBackgroundColor: hexColor,
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

/** Per-enterprise feature flags of spec §3 (the children of communication-ready nest under it). */
export const featureFlagsSchema = z.object({
  enableCourseFeature: z.boolean(),
  enableInterviewReadyFeature: z.boolean(),
  enableCommunicationReadyFeature: z.boolean(),
  enablePronunciationFeature: z.boolean(),
  enableVocabularyFeature: z.boolean(),
  enableReadFeature: z.boolean(),
  enableSpeakFreelyFeature: z.boolean(),
  enableCallFeature: z.boolean(),
  enableSoftSkillsReadyFeature: z.boolean(),
  enableRateYourJourneyFeature: z.boolean(),
  enableFlashCardFeature: z.boolean(),
  enableCompanyInfoFeature: z.boolean(),
  enableTaskAttachmentUpload: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** The enterprise user of spec §3, as general/auth/me returns it. */
export const enterpriseUserSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  mobile: z.string().nullable(),
  isDefaultAdmin: z.boolean(),
  emailVerified: z.boolean(),
  /** The member's own timezone, or null to use the enterprise's default. */
  timezone: z.string().nullable(),
  /** The member's language, one of the nine codes, or null until chosen (the apps then use the device's). */
  language: languageField().nullable(),
  roleId: z.object({ _id: id(), name: z.string(), permissions: z.array(z.enum(PERMISSION_KEYS)) }),
  enterpriseId: featureFlagsSchema.extend({
    _id: id(),
    company_name: z.string(),
    enterprise_logo: z.string().nullable(),
    address: z.string().nullable(),
    themeSettings: themeSettingsSchema,
    /** The default timezone of its members (Settings), or null for UTC. */
    timezone: z.string().nullable(),
  }),
  /** Set when a platform admin is logged in as this enterprise (spec §1.2): the top bar shows a generic identity. */
  loggedInAsAdmin: z.boolean(),
});
export type EnterpriseUser = z.infer<typeof enterpriseUserSchema>;

/** The admin user of spec §3. */
export const adminUserSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  avatarUrl: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The admin's language, or null until chosen. */
  language: languageField().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const groupSchema = z.object({ _id: id(), name: z.string() });
export type Group = z.infer<typeof groupSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and responses shared by both audiences
// ---------------------------------------------------------------------------------------------

export const loginRequest = z.object({ email: emailField, password: givenPasswordField });
/** Login always asks for the second factor; the token it returns opens only the mfa/auth/* calls. */
export const loginResponse = z.object({ accesstoken: z.string(), mfaRequired: z.literal(true) });
export const tokenRequest = z.object({ token: resetTokenField });
export const registerRequest = z.strictObject({
  company_name: text().trim().min(1, 'Please enter the company name').max(200, 'At most 200 characters'),
  name: text().trim().min(1, 'Please enter your name').max(100, 'At most 100 characters'),
  email: emailField,
  password: newPasswordField,
});
export const forgotPasswordRequest = z.object({ email: emailField });
export const resetPasswordRequest = z.object({ token: resetTokenField, password: newPasswordField });
/** purpose 'invite': an invited member choosing their first password (the page says so). */
export const checkResetTokenResponse = z.object({
  valid: z.literal(true),
  email: z.string(),
  purpose: z.enum(['reset', 'invite']),
  /**
   * An invitation's organisation, so the page that sets the first password is in its name (and logo); only for a
   * live invitation link, never for a reset link or a link that no longer works.
   */
  company: z.object({ name: z.string(), logoUrl: z.string().nullable() }).optional(),
});
export const mfaDetailsResponse = z.object({
  /** e.g. `o***r@acme.example`. */
  maskedEmail: z.string(),
  /** e.g. `+61 *** *** 123`, or null when no mobile number is on file. */
  maskedMobile: z.string().nullable(),
  /** An authenticator app is switched on: its code (or a recovery code) may be the second factor. */
  authenticatorApp: z.boolean(),
  /** The account has a passkey: it may be the second factor. */
  passkeys: z.boolean(),
});
export const sendCodeRequest = z.object({ contactMethod: contactMethodField });
export const sendCodeResponse = z.object({ sentTo: z.string(), expiresInSeconds: z.number().int() });
export const verifyCodeRequest = z.object({ code: z.string().regex(/^\d{6}$/, 'The code is 6 digits') });
export const accessTokenResponse = z.object({ accesstoken: z.string(), expiresInSeconds: z.number().int() });
export const updateProfileRequest = z.object({
  name: text().trim().min(1, 'Please enter your name').max(100),
  mobile: text()
    .trim()
    .regex(/^\+?[0-9 ]{6,20}$/, 'Invalid mobile number')
    .nullable()
    .optional(),
  /** The language of the screens and of the mails this person receives. */
  language: languageField().optional(),
});
/** The language picker's own call: only the language changes. */
export const updateLanguageRequest = z.strictObject({ language: languageField() });
/** A signed-in session on the profile's list: where it was opened and when it was last used. */
export const sessionSchema = z.object({
  _id: z.string(),
  /** e.g. "Chrome 131 on Linux" (English; the parts below let an app say it in its own language). */
  device: z.string(),
  /** The browser and its major version, e.g. "Chrome 131"; null when the User-Agent names none. */
  browser: z.string().nullable().optional(),
  /** The operating system, e.g. "Windows 10", "Linux"; null when the User-Agent names none. */
  system: z.string().nullable().optional(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof sessionSchema>;
export const sessionsResponse = z.object({ listdata: z.array(sessionSchema) });
export const endSessionRequest = z.strictObject({ sessionId: id() });
export const changePasswordRequest = z.object({
  currentPassword: givenPasswordField,
  newPassword: newPasswordField,
});

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const E = API_BASE.enterprise;
const A = API_BASE.admin;

export const health = defineCall({
  method: 'GET',
  path: '/api/v1/health',
  auth: 'none',
  permission: null,
  request: empty(),
  response: z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) }),
});

/** Enterprise authentication and profile (spec §7). */
export const enterpriseAuth = {
  login: defineCall({
    method: 'POST',
    path: `${E}/login`,
    auth: 'none',
    permission: null,
    request: loginRequest,
    response: loginResponse,
  }),
  verifyEmail: defineCall({
    method: 'POST',
    path: `${E}/verify-email`,
    auth: 'none',
    permission: null,
    request: tokenRequest,
    response: z.object({ email: z.string() }),
  }),
  forgotPassword: defineCall({
    method: 'POST',
    path: `${E}/forgotpassword`,
    auth: 'none',
    permission: null,
    request: forgotPasswordRequest,
    response: z.object({}),
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: `${E}/resetpassword`,
    auth: 'none',
    permission: null,
    request: resetPasswordRequest,
    response: z.object({}),
  }),
  checkResetToken: defineCall({
    method: 'POST',
    path: `${E}/check-reset-token`,
    auth: 'none',
    permission: null,
    request: tokenRequest,
    response: checkResetTokenResponse,
  }),
  me: defineCall({
    method: 'GET',
    path: `${E}/general/auth/me`,
    auth: 'enterprise',
    permission: null,
    beforeEmailVerified: true,
    request: empty(),
    response: enterpriseUserSchema,
  }),
  /** /register: a company account and its default admin, who must verify the email before going on. */
  register: defineCall({
    method: 'POST',
    path: `${E}/register`,
    auth: 'none',
    permission: null,
    request: registerRequest,
    response: z.object({ email: z.string() }),
  }),
  /** /activation-required: sends the verification link again. */
  resendVerification: defineCall({
    method: 'POST',
    path: `${E}/general/auth/resend-verification`,
    auth: 'enterprise',
    permission: null,
    beforeEmailVerified: true,
    request: empty(),
    response: z.object({ sentTo: z.string() }),
  }),
  userGroups: defineCall({
    method: 'POST',
    path: `${E}/general/user-groups`,
    auth: 'enterprise',
    permission: null,
    request: z.object({
      searchQuery: text().trim().max(100).default(''),
      currentPage: z.number().int().min(1).default(1),
    }),
    response: paged(groupSchema),
  }),
  updateProfile: defineCall({
    method: 'POST',
    path: `${E}/general/auth/updateprofile`,
    auth: 'enterprise',
    permission: null,
    /** Members also choose their timezone (null: the enterprise's default). */
    request: updateProfileRequest.extend({ timezone: timeZoneField().nullable().optional() }),
    response: enterpriseUserSchema,
  }),
  /** The language picker: saves the member's language, kept for their screens and their mails. */
  updateLanguage: defineCall({
    method: 'POST',
    path: `${E}/general/auth/update-language`,
    auth: 'enterprise',
    permission: null,
    beforeEmailVerified: true,
    request: updateLanguageRequest,
    response: enterpriseUserSchema,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: `${E}/general/auth/changepassword`,
    auth: 'enterprise',
    permission: null,
    request: changePasswordRequest,
    /** Every session of the account ended, this one included: the caller carries on with this token. */
    response: accessTokenResponse,
  }),
  mfaDetails: defineCall({
    method: 'POST',
    path: `${E}/mfa/auth/get-details`,
    auth: 'enterprise',
    permission: null,
    beforeSecondFactor: true,
    request: empty(),
    response: mfaDetailsResponse,
  }),
  sendCode: defineCall({
    method: 'POST',
    path: `${E}/mfa/auth/send-code`,
    auth: 'enterprise',
    permission: null,
    beforeSecondFactor: true,
    request: sendCodeRequest,
    response: sendCodeResponse,
  }),
  verifyCode: defineCall({
    method: 'POST',
    path: `${E}/mfa/auth/verify-code`,
    auth: 'enterprise',
    permission: null,
    beforeSecondFactor: true,
    request: verifyCodeRequest,
    response: accessTokenResponse,
  }),
  refreshToken: defineCall({
    method: 'POST',
    path: `${E}/mfa/auth/refresh-token`,
    auth: 'enterprise',
    permission: null,
    beforeEmailVerified: true,
    request: empty(),
    response: accessTokenResponse,
  }),
  /** Ends this session on the server; a log-in-as session ends alone, an admin's takes its log-in-as ones along. */
  logout: defineCall({
    method: 'POST',
    path: `${E}/general/auth/logout`,
    auth: 'enterprise',
    permission: null,
    beforeSecondFactor: true,
    beforeEmailVerified: true,
    request: empty(),
    response: empty(),
  }),
  /** The account's signed-in sessions, for the profile page. */
  sessions: defineCall({
    method: 'GET',
    path: `${E}/general/auth/sessions`,
    auth: 'enterprise',
    permission: null,
    beforeEmailVerified: true,
    request: empty(),
    response: sessionsResponse,
  }),
  /** Ends one of the account's own sessions (another device, or this one). */
  endSession: defineCall({
    method: 'POST',
    path: `${E}/general/auth/end-session`,
    auth: 'enterprise',
    permission: null,
    beforeEmailVerified: true,
    request: endSessionRequest,
    response: empty(),
  }),
};

/** Admin authentication and profile (spec §7, admin base). */
export const adminAuth = {
  login: defineCall({
    method: 'POST',
    path: `${A}/login`,
    auth: 'none',
    permission: null,
    request: loginRequest,
    response: loginResponse,
  }),
  verifyEmail: defineCall({
    method: 'POST',
    path: `${A}/verify-email`,
    auth: 'none',
    permission: null,
    request: tokenRequest,
    response: z.object({ email: z.string() }),
  }),
  forgotPassword: defineCall({
    method: 'POST',
    path: `${A}/forgot-password`,
    auth: 'none',
    permission: null,
    request: forgotPasswordRequest,
    response: z.object({}),
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: `${A}/reset-password`,
    auth: 'none',
    permission: null,
    request: resetPasswordRequest,
    response: z.object({}),
  }),
  checkResetToken: defineCall({
    method: 'POST',
    path: `${A}/check-reset-token`,
    auth: 'none',
    permission: null,
    request: tokenRequest,
    response: checkResetTokenResponse,
  }),
  me: defineCall({
    method: 'GET',
    path: `${A}/general/auth/me`,
    auth: 'admin',
    permission: null,
    request: empty(),
    response: adminUserSchema,
  }),
  updateProfile: defineCall({
    method: 'POST',
    path: `${A}/general/auth/updateprofile`,
    auth: 'admin',
    permission: null,
    request: updateProfileRequest,
    response: adminUserSchema,
  }),
  /** The language picker for the platform admin. */
  updateLanguage: defineCall({
    method: 'POST',
    path: `${A}/general/auth/update-language`,
    auth: 'admin',
    permission: null,
    request: updateLanguageRequest,
    response: adminUserSchema,
  }),
  changePassword: defineCall({
    method: 'POST',
    path: `${A}/general/auth/changepassword`,
    auth: 'admin',
    permission: null,
    request: changePasswordRequest,
    /** Every session of the account ended, this one included: the caller carries on with this token. */
    response: accessTokenResponse,
  }),
  mfaDetails: defineCall({
    method: 'POST',
    path: `${A}/mfa/auth/get-details`,
    auth: 'admin',
    permission: null,
    beforeSecondFactor: true,
    request: empty(),
    response: mfaDetailsResponse,
  }),
  sendCode: defineCall({
    method: 'POST',
    path: `${A}/mfa/auth/send-code`,
    auth: 'admin',
    permission: null,
    beforeSecondFactor: true,
    request: sendCodeRequest,
    response: sendCodeResponse,
  }),
  verifyCode: defineCall({
    method: 'POST',
    path: `${A}/mfa/auth/verify-code`,
    auth: 'admin',
    permission: null,
    beforeSecondFactor: true,
    request: verifyCodeRequest,
    response: accessTokenResponse,
  }),
  refreshToken: defineCall({
    method: 'POST',
    path: `${A}/mfa/auth/refresh-token`,
    auth: 'admin',
    permission: null,
    request: empty(),
    response: accessTokenResponse,
  }),
  /** Ends this session on the server; a log-in-as session ends alone, an admin's takes its log-in-as ones along. */
  logout: defineCall({
    method: 'POST',
    path: `${A}/general/auth/logout`,
    auth: 'admin',
    permission: null,
    beforeSecondFactor: true,
    request: empty(),
    response: empty(),
  }),
  /** The account's signed-in sessions, for the profile page. */
  sessions: defineCall({
    method: 'GET',
    path: `${A}/general/auth/sessions`,
    auth: 'admin',
    permission: null,
    request: empty(),
    response: sessionsResponse,
  }),
  /** Ends one of the account's own sessions (another device, or this one). */
  endSession: defineCall({
    method: 'POST',
    path: `${A}/general/auth/end-session`,
    auth: 'admin',
    permission: null,
    request: endSessionRequest,
    response: empty(),
  }),
};
