/**
 * The baseline: a bare Hono route running the same queries as `general/auth/me` and `general/user-groups`,
 * with no contract, no token check, no validation and no envelope. The product's figures divided by these
 * are the cost of the adapter.
 */
import { connect } from '@coach/server/db';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'kysely';

const { db } = connect({ dataDir: process.env.DATA_DIR ?? '', databaseUrl: process.env.DATABASE_URL });
const userId = process.env.BENCH_USER_ID ?? '';
const enterpriseId = process.env.BENCH_ENTERPRISE_ID ?? '';
const PAGE_SIZE = 10;

const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
app.get('/me', async (c) => {
  const user = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.avatar_url',
      'users.is_default_admin',
      'roles.name as role_name',
      'roles.permissions as role_permissions',
      'enterprises.name as ent_name',
      'enterprises.features as ent_features',
      'enterprises.theme as ent_theme',
    ])
    .where('users.id', '=', userId)
    .where('users.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return c.json(user);
});
app.post('/groups', async (c) => {
  const { searchQuery, currentPage } = (await c.req.json()) as { searchQuery: string; currentPage: number };
  let query = db.selectFrom('groups').where('groups.enterprise_id', '=', enterpriseId);
  if (searchQuery)
    query = query.where(sql<boolean>`lower(groups.name) like ${`%${searchQuery.toLowerCase()}%`}`);
  const count = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await query
    .select(['groups.id', 'groups.name'])
    .orderBy('groups.name')
    .orderBy('groups.id')
    .limit(PAGE_SIZE)
    .offset((currentPage - 1) * PAGE_SIZE)
    .execute();
  return c.json({ currentPage, totalPages: Math.ceil(Number(count?.n ?? 0) / PAGE_SIZE), listdata: rows });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3412) });
