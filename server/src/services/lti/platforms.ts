import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { LTI_PATHS, type LtiPlatform, type lti } from '@coach/shared/contract/lti';
import type { Db } from '../../db/connect.ts';
import { conflict, isUniqueViolation, notFound, validation } from '../../errors.ts';
import { refusalOf } from '../../providers/outbound-http.ts';
import { enterpriseSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

/**
 * Settings › LMS (LTI 1.3), the default admin's (the adapter checked it): the platforms the enterprise registered
 * and the tool's values to paste into each. Every change is audited in its transaction.
 */

export type PlatformRow = {
  id: string;
  enterprise_id: string;
  name: string;
  issuer: string;
  client_id: string;
  deployment_ids: string;
  keyset_url: string;
  auth_url: string;
  token_url: string;
  updated_at: string;
};

export const toPlatform = (row: PlatformRow): LtiPlatform => ({
  _id: row.id,
  name: row.name,
  issuer: row.issuer,
  clientId: row.client_id,
  deploymentIds: JSON.parse(row.deployment_ids) as string[],
  keysetUrl: row.keyset_url,
  authUrl: row.auth_url,
  tokenUrl: row.token_url,
  updatedAt: row.updated_at,
});

const platformColumns = [
  'id',
  'enterprise_id',
  'name',
  'issuer',
  'client_id',
  'deployment_ids',
  'keyset_url',
  'auth_url',
  'token_url',
  'updated_at',
] as const;

export const platformsOf = (db: Db, enterpriseId: string) =>
  db.selectFrom('lti_platforms').select(platformColumns).where('enterprise_id', '=', enterpriseId);

/** The platform an issuer and client id name (any enterprise's: the launch finds the enterprise this way). */
export const platformByClient = (db: Db, issuer: string, clientId: string) =>
  db
    .selectFrom('lti_platforms')
    .select(platformColumns)
    .where('issuer', '=', issuer)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

export const platformById = (db: Db, id: string) =>
  db.selectFrom('lti_platforms').select(platformColumns).where('id', '=', id).executeTakeFirst();

export const toolValues = (ctx: ServiceContext) => ({
  loginUrl: `${ctx.config.publicUrl}${LTI_PATHS.login}`,
  launchUrl: `${ctx.config.publicUrl}${LTI_PATHS.launch}`,
  keysetUrl: `${ctx.config.publicUrl}${LTI_PATHS.keyset}`,
  // Deep linking requests come to the same launch URL: the message type tells them apart.
  deepLinkingUrl: `${ctx.config.publicUrl}${LTI_PATHS.launch}`,
});

export const ltiSettings = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const rows = await platformsOf(ctx.db, enterpriseId).orderBy('created_at').execute();
  const courses = await ctx.db
    .selectFrom('lti_contexts as c')
    .innerJoin('lti_platforms as p', 'p.id', 'c.platform_id')
    .leftJoin('groups as g', 'g.id', 'c.group_id')
    .select([
      'c.platform_id',
      'c.context_id',
      'c.title',
      'c.memberships_url',
      'c.group_id',
      'g.name',
      'c.synced_at',
    ])
    .where('p.enterprise_id', '=', enterpriseId)
    .orderBy('c.updated_at', 'desc')
    .limit(100)
    .execute();
  return {
    tool: toolValues(ctx),
    platforms: rows.map(toPlatform),
    courses: courses.map((row) => ({
      platformId: row.platform_id,
      contextId: row.context_id,
      title: row.title,
      canSync: row.memberships_url !== null,
      groupId: row.name === null ? null : row.group_id,
      groupName: row.name,
      syncedAt: row.synced_at,
    })),
  };
};

const taken = () =>
  conflict('A platform with this issuer and client ID is already registered: each pair names one platform');

export const savePlatform = async (ctx: ServiceContext, input: ParsedRequestOf<typeof lti.savePlatform>) => {
  const s = enterpriseSession(ctx);
  // The server fetches the keyset and the access token (the browser alone goes to the authentication URL): the
  // SSRF rule is told at registration, naming the field, not first met at a learner's launch.
  for (const field of ['keysetUrl', 'tokenUrl'] as const) {
    const refusal = await refusalOf(input[field], {
      allowPrivateAddresses: ctx.config.ssoAllowPrivate ?? false,
    });
    if (refusal) throw validation(field, refusal);
  }
  const now = nowIso();
  const values = {
    name: input.name,
    issuer: input.issuer.replace(/\/+$/, ''),
    client_id: input.clientId,
    deployment_ids: JSON.stringify(input.deploymentIds),
    keyset_url: input.keysetUrl,
    auth_url: input.authUrl,
    token_url: input.tokenUrl,
    updated_at: now,
  };
  const id = input.platformId ?? crypto.randomUUID();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (input.platformId) {
        const changed = await trx
          .updateTable('lti_platforms')
          .set(values)
          .where('id', '=', input.platformId)
          .where('enterprise_id', '=', s.enterpriseId)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw notFound('Platform not found');
      } else {
        const other = await platformByClient(trx, values.issuer, values.client_id);
        if (other) throw taken();
        await trx
          .insertInto('lti_platforms')
          .values({ id, enterprise_id: s.enterpriseId, created_at: now, ...values })
          .execute();
      }
      await audit(trx, {
        actorKind: 'enterprise',
        actorId: s.user.id,
        enterpriseId: s.enterpriseId,
        action: input.platformId ? 'lti.platform.update' : 'lti.platform.create',
        details: { platformId: id, issuer: values.issuer, clientId: values.client_id },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  const row = await platformsOf(ctx.db, s.enterpriseId).where('id', '=', id).executeTakeFirstOrThrow();
  ctx.setMessage('Platform saved');
  return toPlatform(row);
};

export const removePlatform = async (
  ctx: ServiceContext,
  { platformId }: ParsedRequestOf<typeof lti.removePlatform>,
) => {
  const s = enterpriseSession(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('lti_platforms')
      .where('id', '=', platformId)
      .where('enterprise_id', '=', s.enterpriseId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('Platform not found');
    await audit(trx, {
      actorKind: 'enterprise',
      actorId: s.user.id,
      enterpriseId: s.enterpriseId,
      action: 'lti.platform.remove',
      details: { platformId },
    });
  });
  ctx.setMessage('Platform removed');
  return { _id: platformId };
};
