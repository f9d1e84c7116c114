import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  type EnterpriseLegalText,
  LEGAL_KINDS,
  LEGAL_TITLES,
  type LegalKind,
  type LegalText,
  type legal,
  PLATFORM_LEGAL_ID,
  type PublicLegalText,
} from '@coach/shared/contract/legal';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { adminSession, enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { DEFAULT_LEGAL_TEXTS, DEFAULT_LEGAL_UPDATED_AT } from './legal-defaults.ts';

/** One row per owner and kind: `<kind>:<enterprise id>` or `<kind>:platform`. */
const rowId = (kind: LegalKind, enterpriseId: string | null) =>
  `${kind}:${enterpriseId ?? PLATFORM_LEGAL_ID}`;

const loadText = async (db: Db, kind: LegalKind, enterpriseId: string | null): Promise<LegalText | null> => {
  const row = await db
    .selectFrom('legal_texts')
    .select(['body', 'updated_at'])
    .where('id', '=', rowId(kind, enterpriseId))
    .executeTakeFirst();
  return row ? { kind, body: row.body, updatedAt: row.updated_at } : null;
};

/** The platform's text, or the built-in default until a platform admin saves one. */
const platformText = async (db: Db, kind: LegalKind): Promise<LegalText> =>
  (await loadText(db, kind, null)) ?? {
    kind,
    body: DEFAULT_LEGAL_TEXTS[kind],
    updatedAt: DEFAULT_LEGAL_UPDATED_AT,
  };

const saveText = async (
  ctx: ServiceContext,
  {
    kind,
    enterpriseId,
    body,
    by,
  }: { kind: LegalKind; enterpriseId: string | null; body: string; by: string },
) => {
  const id = rowId(kind, enterpriseId);
  const updatedAt = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('legal_texts').where('id', '=', id).execute();
    await trx
      .insertInto('legal_texts')
      .values({ id, enterprise_id: enterpriseId, kind, body, updated_by: by, updated_at: updatedAt })
      .execute();
  });
  return { kind, body, updatedAt };
};

/** The public page (spec §2, no login): the enterprise's own text, else the platform's. */
export const publicText = async (
  ctx: ServiceContext,
  { enterpriseId, kind }: ParsedRequestOf<typeof legal.publicText>,
): Promise<PublicLegalText> => {
  const title = LEGAL_TITLES[kind];
  if (enterpriseId === PLATFORM_LEGAL_ID) {
    const text = await platformText(ctx.db, kind);
    return { ...text, title, source: 'platform', enterpriseName: null };
  }
  const enterprise = await ctx.db
    .selectFrom('enterprises')
    .select(['id', 'name'])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (!enterprise) throw notFound('This organisation was not found. Check the address of the page.');
  const own = await loadText(ctx.db, kind, enterprise.id);
  const text = own ?? (await platformText(ctx.db, kind));
  return { ...text, title, source: own ? 'enterprise' : 'platform', enterpriseName: enterprise.name };
};

/** The admin back office: both platform texts. */
export const adminTexts = async (ctx: ServiceContext) => {
  adminSession(ctx);
  return Promise.all(LEGAL_KINDS.map((kind) => platformText(ctx.db, kind)));
};

export const adminUpdateText = async (
  ctx: ServiceContext,
  { kind, body }: ParsedRequestOf<typeof legal.adminUpdateText>,
) => {
  const { admin } = adminSession(ctx);
  const saved = await saveText(ctx, { kind, enterpriseId: null, body, by: admin.id });
  ctx.setMessage(`${LEGAL_TITLES[kind]} saved: every organisation without its own text shows it now`);
  return saved;
};

const enterpriseText = async (
  db: Db,
  kind: LegalKind,
  enterpriseId: string,
): Promise<EnterpriseLegalText> => ({
  kind,
  override: await loadText(db, kind, enterpriseId),
  platformDefault: await platformText(db, kind),
});

/** Settings (role named admin, checked by the adapter): the enterprise's texts and the defaults beside them. */
export const enterpriseTexts = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  return Promise.all(LEGAL_KINDS.map((kind) => enterpriseText(ctx.db, kind, enterpriseId)));
};

/** Saves the enterprise's own text, or (body null) removes it so its pages show the platform's again. */
export const enterpriseUpdateText = async (
  ctx: ServiceContext,
  { kind, body }: ParsedRequestOf<typeof legal.enterpriseUpdateText>,
) => {
  const { enterpriseId, user } = enterpriseSession(ctx);
  if (body === null) {
    await ctx.db.deleteFrom('legal_texts').where('id', '=', rowId(kind, enterpriseId)).execute();
    ctx.setMessage(`${LEGAL_TITLES[kind]}: your pages show the platform's text again`);
  } else {
    await saveText(ctx, { kind, enterpriseId, body, by: user.id });
    ctx.setMessage(`${LEGAL_TITLES[kind]} saved`);
  }
  return enterpriseText(ctx.db, kind, enterpriseId);
};
