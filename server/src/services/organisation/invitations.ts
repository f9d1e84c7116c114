import { emailField } from '@coach/shared/contract/auth';
import { type ImportRowError, MEMBER_CSV_COLUMNS, MEMBER_CSV_MAX_ROWS } from '@coach/shared/contract/members';
import { narrowestGrantableRole, permissionCountOf } from '@coach/shared/contract/roles';
import { assertMayMail, assertNotThrottled, recordEvent } from '../../auth/throttle.ts';
import type { Db } from '../../db/connect.ts';
import { conflict, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { readCsvRows } from '../common/csv.ts';
import { syncGroupContent } from '../content/content-assignments.ts';
import type { ServiceContext } from '../context.ts';
import { createOneTimeToken } from '../identity/one-time-tokens.ts';
import { syncGroupTasks } from '../tasks/group-task-sync.ts';
import { assertMayGrant, grantRefusal } from './grants.ts';
import { assertChangeable, loadMember } from './members.ts';

type Trx = Pick<ServiceContext, 'db'>;
type NewMember = { name: string; email: string; roleId: string; groupIds: string[] };
/** `language`: the invitee's own, when known (a resent invitation to someone who chose one). */
type Invitation = { email: string; name: string; token: string; language?: string | null };

const TAKEN_HERE = 'This email already belongs to a member of your organisation';
const TAKEN_ELSEWHERE = 'This email already has a Coach account with another organisation';
/** Answers that an address has an account in another organisation, per inviting enterprise per hour. */
const ELSEWHERE_LIMIT = 10;
const HOUR_MS = 60 * 60 * 1000;

/** Inserts the member, their groups and an invitation token; db is the caller's transaction. */
const insertInvitedMember = async (trx: Trx, enterpriseId: string, member: NewMember) => {
  const id = crypto.randomUUID();
  const now = nowIso();
  await trx.db
    .insertInto('users')
    .values({
      id,
      enterprise_id: enterpriseId,
      role_id: member.roleId,
      name: member.name,
      email: member.email,
      // No password until the member chooses one through the link; an empty hash never verifies.
      password_hash: '',
      mobile: null,
      avatar_url: null,
      is_default_admin: 0,
      status: 'active',
      email_verified_at: null,
      last_active_at: null,
      created_at: now,
      invited_at: now,
    })
    .execute();
  if (member.groupIds.length)
    await trx.db
      .insertInto('group_members')
      .values(member.groupIds.map((groupId) => ({ group_id: groupId, user_id: id })))
      .execute();
  // The groups' assigned tasks wait for the member.
  if (member.groupIds.length) await syncGroupTasks(trx.db, enterpriseId, { userIds: [id] });
  // ...and their assigned videos.
  if (member.groupIds.length) await syncGroupContent(trx.db, enterpriseId, { userIds: [id] });
  const token = await createOneTimeToken(trx, 'invite', 'enterprise', id);
  return { id, invitation: { email: member.email, name: member.name, token } };
};

/**
 * Sent only after the transaction has committed, so nobody is invited to an account that was rolled back. In the
 * invitee's language when known, else the inviter's: their saved language, else their screen's.
 */
const sendInvitations = async (ctx: ServiceContext, companyName: string, invitations: Invitation[]) => {
  const inviter = enterpriseSession(ctx).user.language;
  for (const { email, name, token, language } of invitations) {
    const link = `${ctx.config.publicUrl}/password/reset/${token}`;
    const mail = mailTexts(language, inviter, ctx.requestLanguage).invite({
      name,
      company: companyName,
      link,
      email,
    });
    await ctx.mail.send({ to: email, ...mail });
  }
};

/** Which of `emails` have accounts: in the inviter's organisation (its members list shows them) or elsewhere. */
const accountsOf = async (db: Db, enterpriseId: string, emails: string[]) => {
  if (emails.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'enterprise_id'])
    .where('email', 'in', emails)
    .execute();
  return new Map(rows.map((r) => [r.email, r.enterprise_id === enterpriseId ? TAKEN_HERE : TAKEN_ELSEWHERE]));
};

/**
 * Saying that an address has an account in another organisation tells the inviter something about that
 * organisation, and sign-in names are unique across the platform, so it cannot be hidden outright:
 * such answers are limited to 10 an hour per inviting enterprise (inviting needs a verified member holding
 * Members), past which the call answers 429 and imports nothing.
 */
const guardElsewhere = async (db: Db, enterpriseId: string, taken: Map<string, string>) => {
  const count = [...taken.values()].filter((m) => m === TAKEN_ELSEWHERE).length;
  if (count === 0) return;
  const key = `invite-elsewhere:${enterpriseId}`;
  await assertNotThrottled(db, key, ELSEWHERE_LIMIT, HOUR_MS);
  await recordEvent(db, ...Array.from({ length: count }, () => key));
};

export const inviteMember = async (ctx: ServiceContext, input: NewMember) => {
  const s = enterpriseSession(ctx);
  const role = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions'])
    .where('id', '=', input.roleId)
    .where('enterprise_id', '=', s.enterpriseId)
    .executeTakeFirst();
  if (!role) throw validation('roleId', 'Choose one of your roles');
  assertMayGrant(ctx, { ...role, permissions: JSON.parse(role.permissions) as string[] });
  if (input.groupIds.length) {
    const found = await ctx.db
      .selectFrom('groups')
      .select('id')
      .where('enterprise_id', '=', s.enterpriseId)
      .where('id', 'in', input.groupIds)
      .execute();
    if (found.length !== input.groupIds.length)
      throw validation('groupIds', 'Some chosen groups were not found');
  }
  const taken = await accountsOf(ctx.db, s.enterpriseId, [input.email]);
  await guardElsewhere(ctx.db, s.enterpriseId, taken);
  const why = taken.get(input.email);
  if (why) throw validation('email', why);
  const { id, invitation } = await ctx.db
    .transaction()
    .execute((trx) => insertInvitedMember({ db: trx }, s.enterpriseId, input));
  await sendInvitations(ctx, s.user.ent_name, [invitation]);
  ctx.setMessage(`Invitation sent to ${input.email}`);
  return loadMember(ctx, s.enterpriseId, id);
};

export const resendInvite = async (ctx: ServiceContext, { memberId }: { memberId: string }) => {
  const s = enterpriseSession(ctx);
  const member = await loadMember(ctx, s.enterpriseId, memberId);
  await assertChangeable(ctx, member, 'invited again');
  if (!member.invitePending) throw conflict('This member has already accepted the invitation');
  await assertMayMail(ctx.db, member.email);
  const token = await ctx.db.transaction().execute(async (trx) => {
    // Earlier links stop working: only the newest invitation is live.
    await trx
      .updateTable('one_time_tokens')
      .set({ used_at: nowIso() })
      .where('purpose', '=', 'invite')
      .where('subject_id', '=', memberId)
      .where('used_at', 'is', null)
      .execute();
    return createOneTimeToken({ db: trx }, 'invite', 'enterprise', memberId);
  });
  const invitee = await ctx.db
    .selectFrom('users')
    .select('language')
    .where('id', '=', memberId)
    .executeTakeFirst();
  await sendInvitations(ctx, s.user.ent_name, [
    { email: member.email, name: member.name, token, language: invitee?.language ?? null },
  ]);
  ctx.setMessage(`Invitation sent again to ${member.email}`);
  return { _id: memberId };
};

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

const MAX_CSV_BYTES = 1_000_000;

/**
 * Checks every row first (name, email format and uniqueness within the file and the platform, role and
 * groups by name in this enterprise); imports the good rows whole in one transaction and reports the bad ones.
 * An empty role cell gets the role the Invite form starts from (narrowestGrantableRole); a role the importer may
 * not give is refused on its row.
 */
export const importMembers = async (ctx: ServiceContext, { file }: { file: Blob }) => {
  const s = enterpriseSession(ctx);
  if (file.size > MAX_CSV_BYTES) throw validation('file', 'The file is larger than 1 MB');
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = readCsvRows(await file.text());
  } catch (error) {
    throw validation('file', `This is not a readable CSV file (${(error as Error).message})`);
  }
  const [header, ...body] = rows;
  const columns = header?.record.map((c) => c.toLowerCase()) ?? [];
  const missing = MEMBER_CSV_COLUMNS.filter((c) => c !== 'groups' && !columns.includes(c));
  if (!header || missing.length)
    throw validation('file', `The first line must name the columns ${MEMBER_CSV_COLUMNS.join(', ')}`);
  if (body.length === 0) throw validation('file', 'The file has no members below the header');
  if (body.length > MEMBER_CSV_MAX_ROWS)
    throw validation('file', `At most ${MEMBER_CSV_MAX_ROWS} members per file`);
  const cell = (record: string[], column: string) => record[columns.indexOf(column)]?.trim() ?? '';

  const [roleRows, groupRows] = await Promise.all([
    ctx.db
      .selectFrom('roles')
      .select(['id', 'name', 'permissions'])
      .where('enterprise_id', '=', s.enterpriseId)
      .execute(),
    ctx.db.selectFrom('groups').select(['id', 'name']).where('enterprise_id', '=', s.enterpriseId).execute(),
  ]);
  const roleByName = new Map(
    roleRows.map((r) => [r.name.toLowerCase(), { ...r, permissions: JSON.parse(r.permissions) as string[] }]),
  );
  // In the role options' order (by name, as SQL's lower(name) sorts), so a tie goes the Invite form's way.
  const defaultRole = narrowestGrantableRole(
    [...roleByName.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, role]) => ({
        role,
        grantable: grantRefusal(ctx, role) === null,
        permissionCount: permissionCountOf(role.permissions),
      })),
  )?.role;
  const groupByName = new Map(groupRows.map((g) => [g.name.toLowerCase(), g.id]));

  const errors: ImportRowError[] = [];
  const good: (NewMember & { row: number })[] = [];
  const seen = new Set<string>();
  for (const { record, info } of body) {
    const row = info.lines;
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const name = cell(record, 'name');
    const email = emailField.safeParse(cell(record, 'email'));
    const roleName = cell(record, 'role');
    const role = roleName ? roleByName.get(roleName.toLowerCase()) : defaultRole;
    const refusedRole = role ? grantRefusal(ctx, role) : null;
    const groupNames = cell(record, 'groups')
      .split(';')
      .map((g) => g.trim())
      .filter(Boolean);
    const unknownGroup = groupNames.find((g) => !groupByName.has(g.toLowerCase()));
    if (!name) fail('name', 'Please enter the name');
    else if (name.length > 100) fail('name', 'At most 100 characters');
    else if (!email.success) fail('email', 'Please enter a valid email');
    else if (seen.has(email.data)) fail('email', 'This email appears twice in the file');
    else if (!role && !roleName) fail('role', 'Enter a role: there is no role you may give');
    else if (!role) fail('role', `No role is named "${roleName}"`);
    else if (refusedRole) fail('role', refusedRole);
    else if (unknownGroup) fail('groups', `No group is named "${unknownGroup}"`);
    else {
      seen.add(email.data);
      const groupIds = [...new Set(groupNames.map((g) => groupByName.get(g.toLowerCase()) ?? ''))];
      good.push({ row, name, email: email.data, roleId: role.id, groupIds });
    }
  }
  const taken = await accountsOf(
    ctx.db,
    s.enterpriseId,
    good.map((g) => g.email),
  );
  await guardElsewhere(ctx.db, s.enterpriseId, taken);
  for (const g of good.filter((g) => taken.has(g.email)))
    errors.push({ row: g.row, field: 'email', message: taken.get(g.email) ?? TAKEN_ELSEWHERE });
  const toImport = good.filter((g) => !taken.has(g.email));

  const invitations = await ctx.db.transaction().execute(async (trx) => {
    const sent: Invitation[] = [];
    for (const member of toImport)
      sent.push((await insertInvitedMember({ db: trx }, s.enterpriseId, member)).invitation);
    return sent;
  });
  await sendInvitations(ctx, s.user.ent_name, invitations);
  errors.sort((a, b) => a.row - b.row);
  ctx.setMessage(
    errors.length
      ? `${toImport.length} imported, ${errors.length} ${errors.length === 1 ? 'row' : 'rows'} refused`
      : `${toImport.length} members imported and invited`,
  );
  return { imported: toImport.map((m) => ({ row: m.row, email: m.email })), errors };
};
