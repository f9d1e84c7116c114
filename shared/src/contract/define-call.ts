import type { z } from 'zod';
import type { PermissionKey } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, an enterprise session (`x-access-token`) or an admin session (`x-admin-token`). */
export type AuthKind = 'none' | 'enterprise' | 'admin';

/** Base paths of spec §7. */
export const API_BASE = {
  enterprise: '/api/v1/enterprise',
  admin: '/api/v1/admin',
  marketplace: '/api/v1/marketplace',
  public: '/api/v1/public',
} as const;

/** Headers that carry the two independent sessions' tokens. */
export const TOKEN_HEADER = { enterprise: 'x-access-token', admin: 'x-admin-token' } as const;

export type CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  method: HttpMethod;
  /** The exact path of spec §7, including its base (GET input travels as the query string). */
  path: string;
  auth: AuthKind;
  /** The enterprise permission key the call needs (spec §2/§6), or null for login-only calls. */
  permission: PermissionKey | null;
  /**
   * Calls that a session may make before its second factor is done (the mfa/auth/* steps).
   * Every other private call answers 403 MFA_REQUIRED to such a session.
   */
  beforeSecondFactor?: boolean;
  /**
   * Enterprise calls an account may make before its email is verified (spec §2 /activation-required);
   * every other enterprise call answers 403 EMAIL_NOT_VERIFIED to it.
   */
  beforeEmailVerified?: boolean;
  /** Calls restricted to enterprise users whose role is named admin (spec §6: settings, company info). */
  adminRoleOnly?: boolean;
  /** Calls only the enterprise's default admin may make (single sign-on settings decide who signs in as whom). */
  defaultAdminOnly?: boolean;
  /** Enterprise feature flag that must be on for the call (e.g. enableCourseFeature). */
  feature?: string;
  /** Multipart uploads: the body is form data, not JSON, and the request schema checks its fields. */
  multipart?: boolean;
  /**
   * A POST call that only reads (most of this API is POST, spec §7): a read-only API key may make it.
   * GET calls read by their method and need no marker; `isReadCall` is the one rule.
   */
  reads?: true;
  request: Req;
  response: Res;
};

/**
 * One API call as data. The server registers its route from this entry and the client calls it by
 * this entry, so a path or field typo is a compile error on both sides.
 */
export const defineCall = <Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> => def;

/** Whether a call only reads: every GET, and the POST calls marked `reads` (what a read-only API key reaches). */
export const isReadCall = (entry: Pick<CallDef, 'method' | 'reads'>): boolean =>
  entry.method === 'GET' || entry.reads === true;

export type RequestOf<C> = C extends CallDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type ParsedRequestOf<C> = C extends CallDef<infer Req, z.ZodType> ? z.output<Req> : never;
export type ResponseOf<C> = C extends CallDef<z.ZodType, infer Res> ? z.output<Res> : never;
