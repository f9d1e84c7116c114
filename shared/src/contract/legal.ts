import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, text } from './envelope.ts';

/**
 * The two legal texts of spec §2 (/app-privacy-policy/{id}, /app-terms-and-condition/{id}), each a Markdown
 * document: the platform's default, which an enterprise may replace with its own.
 */
export const LEGAL_KINDS = ['privacy-policy', 'terms-and-condition'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** How each text is titled on its page and in the editors (spec §2 wording). */
export const LEGAL_TITLES: Record<LegalKind, string> = {
  'privacy-policy': 'Privacy Policy',
  'terms-and-condition': 'Terms & Condition',
};

/** The id the pages take for the platform's own texts (a platform admin has no enterprise). */
export const PLATFORM_LEGAL_ID = 'platform';

/** The longest text accepted, in characters (a long policy is some 30 000). */
export const LEGAL_TEXT_MAX = 100_000;

const kindField = () => z.enum(LEGAL_KINDS, { error: 'kind is privacy-policy or terms-and-condition' });

const bodyField = () =>
  text()
    .trim()
    .min(1, 'Please enter the text')
    .max(LEGAL_TEXT_MAX, `At most ${LEGAL_TEXT_MAX.toLocaleString('en')} characters`);

/** A text as the public page shows it. `source` says whose it is: the enterprise's own or the platform's. */
export const publicLegalTextSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  title: z.string(),
  /** Markdown; the page renders it sanitised. */
  body: z.string(),
  /** ISO timestamp of the last change, shown as the page's last-updated date. */
  updatedAt: z.string(),
  source: z.enum(['enterprise', 'platform']),
  /** The enterprise's name, or null for the platform's own page. */
  enterpriseName: z.string().nullable(),
});
export type PublicLegalText = z.infer<typeof publicLegalTextSchema>;

/** One text in an editor: its current Markdown and when it changed. */
export const legalTextSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  body: z.string(),
  updatedAt: z.string(),
});
export type LegalText = z.infer<typeof legalTextSchema>;

/** Settings: each text the enterprise shows, whether it is its own, and the platform's default beside it. */
export const enterpriseLegalTextSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  /** The enterprise's own text, or null when its pages show the platform's default. */
  override: legalTextSchema.nullable(),
  platformDefault: legalTextSchema,
});
export type EnterpriseLegalText = z.infer<typeof enterpriseLegalTextSchema>;

/** Legal texts: read by anyone, edited by the platform admin (defaults) and enterprise admins (overrides). */
export const legal = {
  /** The page's text for an enterprise id (or `platform`); an unknown enterprise is 404. No login (spec §2). */
  publicText: defineCall({
    method: 'GET',
    path: `${API_BASE.public}/legal-text`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ enterpriseId: id(), kind: kindField() }),
    response: publicLegalTextSchema,
  }),
  /** The platform's default texts, for the admin back office. */
  adminTexts: defineCall({
    method: 'GET',
    path: `${API_BASE.admin}/legal/get-texts`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({}),
    response: z.array(legalTextSchema),
  }),
  adminUpdateText: defineCall({
    method: 'POST',
    path: `${API_BASE.admin}/legal/update-text`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ kind: kindField(), body: bodyField() }),
    response: legalTextSchema,
  }),
  /** Settings (role named admin, as the other Settings calls, spec §6). */
  enterpriseTexts: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/general/legal-texts`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({}),
    response: z.array(enterpriseLegalTextSchema),
  }),
  /** Saves the enterprise's own text; body null goes back to the platform's default. */
  enterpriseUpdateText: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/general/update-legal-text`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ kind: kindField(), body: bodyField().nullable() }),
    response: enterpriseLegalTextSchema,
  }),
};
