import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import type { FeatureFlags, ThemeSettings } from '@coach/shared/contract/auth';
import { PERMISSION_KEYS } from '@coach/shared/permissions';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connect.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { activityFromPractice } from '../services/identity/activity.ts';
import { seedContent } from './seed-content.ts';
import { seedMarketplace } from './seed-marketplace.ts';
import { seedPlatformTasks } from './seed-platform-tasks.ts';
import { seedRecordedAttempts } from './seed-recordings.ts';
import { seedSurveys } from './seed-surveys.ts';
import { seedTasks } from './seed-tasks.ts';
import { seedVocabulary } from './seed-vocabulary.ts';

export const DEMO_PASSWORD = 'Coach-demo-2026';

/** What main.ts prints at start. */
export const DEMO_LOGINS = [
  { who: 'Platform admin', url: '/admin/login', email: 'admin@coach.example' },
  { who: 'Acme default admin', url: '/login', email: 'owner@acme.example' },
  { who: 'Acme staff', url: '/login', email: 'staff@acme.example' },
  { who: 'Acme learner', url: '/login', email: 'learner@acme.example' },
  { who: 'Globex default admin', url: '/login', email: 'owner@globex.example' },
  { who: 'Institution courses', url: '/login', email: 'courses@youstudy.example' },
].map((l) => ({ ...l, password: DEMO_PASSWORD }));

const ACME_THEME: ThemeSettings = {
  buttonColor: '#FFFFFF',
  buttonBackColor: '#0F766E',
  buttonHoverColor: '#FFFFFF',
  buttonBackHoverColor: '#115E59',
  navFontColor: '#F0FDFA',
  navBackgroundColor: '#134E4A',
};
const GLOBEX_THEME: ThemeSettings = {
  buttonColor: '#FFFFFF',
  buttonBackColor: '#1D4ED8',
  buttonHoverColor: '#FFFFFF',
  buttonBackHoverColor: '#1E40AF',
  navFontColor: '#EFF6FF',
  navBackgroundColor: '#1E3A8A',
};

const ACME_GROUPS = [
  'Sales Onboarding',
  'Customer Success',
  'Engineering Leads',
  'Graduate Program 2026',
  'Melbourne Office',
  'Sydney Office',
  'Brisbane Office',
  'Perth Office',
  'Night Shift Support',
  'Finance Team',
  'People & Culture',
  'Marketing',
  'Product Design',
  'Data Analytics',
  'Warehouse Supervisors',
  'Retail Managers',
  'Call Centre A',
  'Call Centre B',
  'Interview Prep Cohort',
  'Leadership Circle',
  'New Starters March',
  'New Starters June',
  'IELTS Preparation',
  'Pronunciation Clinic',
  'Executive Communication',
  'Field Technicians',
  'Procurement',
  'Legal & Compliance',
  'Partnerships',
  'Mentors',
];
const FIRST = [
  'Ava',
  'Noah',
  'Mia',
  'Leo',
  'Isla',
  'Jack',
  'Zoe',
  'Liam',
  'Ruby',
  'Oscar',
  'Chloe',
  'Ethan',
  'Aria',
  'Lucas',
  'Grace',
];
const LAST = ['Nguyen', 'Smith', 'Patel', 'Williams', 'Chen', 'Brown', 'Singh'];

const uuid = () => crypto.randomUUID();
const DAY_MS = 86_400_000;
const ACTIVITY_DAYS = 84;

/**
 * Twelve weeks of sign-in days for the demo members (weekdays busier than weekends, each member with their own
 * rhythm, a few never active), so the dashboard chart and member activity show a believable picture.
 */
const seedActivity = async (trx: Db, enterpriseId: string, userIds: string[]) => {
  const rows: { user_id: string; enterprise_id: string; day: string }[] = [];
  const lastActive = new Map<string, string>();
  userIds.forEach((userId, i) => {
    if (i % 9 === 4) return;
    for (let back = ACTIVITY_DAYS - 1; back >= 0; back--) {
      const date = new Date(Date.now() - back * DAY_MS);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      const roll = (i * 37 + back * 11 + ((i * back) % 7)) % 20;
      if (roll < (weekend ? 2 : 6 + (i % 5))) {
        const day = date.toISOString().slice(0, 10);
        rows.push({ user_id: userId, enterprise_id: enterpriseId, day });
        lastActive.set(userId, `${day}T09:30:00.000Z`);
      }
    }
  });
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('activity_days')
      .values(rows.slice(i, i + 500))
      .execute();
  for (const [userId, at] of lastActive)
    await trx.updateTable('users').set({ last_active_at: at }).where('id', '=', userId).execute();
};

/** Acme's reading topics: passages of 150-175 words for Read tasks, levels 1-3. */
const ACME_READING_TOPICS = [
  {
    title: 'Giving feedback that lands',
    level: 2,
    passage:
      'Good feedback is specific, timely and kind. Start by asking whether the person is ready to talk, then describe what you saw rather than what you assume. For example, say "In this morning\'s meeting you interrupted Priya twice" instead of "You never let anyone speak." Explain the impact in plain words: the team lost her idea, and she stopped contributing. Then pause and listen. The other person may have context you do not, and feedback works best as a conversation, not a verdict. Agree on one clear next step together, such as letting each speaker finish before responding. Keep your tone steady and your voice warm; people remember how you said something long after they forget the exact words. Finally, follow up within a week. Notice when the change happens and say so, because recognising progress is feedback too. Praise should be as specific as criticism: "Your summary at the end of the call helped the client decide" teaches far more than "Nice job."',
  },
  {
    title: 'Leading a stand-up meeting',
    level: 1,
    passage:
      'A stand-up meeting is short. It should take fifteen minutes or less, and everyone stays on their feet so that nobody gets too comfortable. Start on time, even if one or two people are late. Each person answers three questions: What did I finish yesterday? What will I work on today? Is anything blocking me? Speak clearly and keep your answer to about one minute. If a topic needs a longer discussion, say "Let\'s take that offline" and agree who will meet afterwards. As the leader, your job is to keep the rhythm going. Thank each speaker by name and invite the next person. Listen carefully for blockers, write them down and make sure someone owns each one before the meeting ends. Finish with a quick summary of the main points and the time of the next stand-up. Over time, a good stand-up helps the whole team feel connected, informed and ready for the day.',
  },
  {
    title: 'Handling a difficult customer call',
    level: 3,
    passage:
      'When a customer calls in frustration, the first thirty seconds shape the rest of the conversation. Let them finish their explanation without interrupting, even if you already know the answer. Then acknowledge the feeling before the facts: "I understand how inconvenient it is to be without your order for a week." Use their name, slow your pace slightly and keep your pitch even; a calm voice is contagious. Paraphrase the problem to confirm you have understood it correctly, and ask one precise question at a time. Avoid phrases that sound defensive, such as "That\'s not our policy" or "You should have", and replace them with what you can do: "Here\'s what I can arrange today." If you must put the caller on hold, explain why and for how long, then return before that time is up. Close by summarising the agreed action, the reference number and when they will hear from you next. Finally, record the details accurately so that a colleague could pick up the case without asking the customer to repeat anything.',
  },
];

/**
 * Acme's reading topics and one group's pronunciation settings. Sales Onboarding, a group the demo
 * learner is in, scores against Australian English with a higher bar than the defaults.
 */
const seedReadingPractice = async (trx: Db, enterpriseId: string, salesGroupId: string, now: string) => {
  await trx
    .insertInto('reading_topics')
    .values(
      ACME_READING_TOPICS.map((topic) => ({
        id: uuid(),
        enterprise_id: enterpriseId,
        ...topic,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await trx
    .insertInto('pronunciation_settings')
    .values({
      group_id: salesGroupId,
      enterprise_id: enterpriseId,
      accent: 'en-AU',
      passing_score: 75,
      strictness: 'standard',
      updated_at: now,
    })
    .execute();
};

/** Seeds the demo admin, enterprises, roles, members and their data (DEMO_LOGINS). Idempotent: does nothing when the demo enterprise exists. */
export const seedDemo = async (db: Db, { storage }: { storage?: StorageProvider } = {}) => {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'owner@acme.example')
    .executeTakeFirst();
  if (existing) return false;
  const now = new Date().toISOString();
  // One real argon2 hash per run, reused for every demo account (each still a valid hash of the demo password).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('admins')
      .values({
        id: uuid(),
        name: 'Platform Admin',
        email: 'admin@coach.example',
        password_hash: passwordHash,
        role: 'Super Admin',
        mobile: null,
        avatar_url: null,
        email_verified_at: now,
        created_at: now,
      })
      .execute();

    const acmeFeatures: FeatureFlags = {
      ...DEFAULT_FEATURE_FLAGS,
      enableCourseFeature: true,
      enableCompanyInfoFeature: true,
      enableTaskAttachmentUpload: true,
    };
    const acme = uuid();
    await trx
      .insertInto('enterprises')
      .values({
        id: acme,
        name: 'Acme Learning',
        logo: null,
        address: '101 Collins Street, Melbourne VIC 3000',
        features: JSON.stringify(acmeFeatures),
        theme: JSON.stringify(ACME_THEME),
        created_at: now,
      })
      .execute();
    const role = async (enterpriseId: string, name: string, permissions: readonly string[]) => {
      const id = uuid();
      await trx
        .insertInto('roles')
        .values({
          id,
          enterprise_id: enterpriseId,
          name,
          permissions: JSON.stringify(permissions),
          is_system: 1,
        })
        .execute();
      return id;
    };
    const adminRole = await role(acme, 'Admin', PERMISSION_KEYS);
    const staffRole = await role(acme, 'Staff', ['dashboard', 'members', 'groups']);
    const learnerRole = await role(acme, 'Learner', ['dashboard']);
    const user = async (
      enterpriseId: string,
      roleId: string,
      name: string,
      email: string,
      extra: { mobile?: string; isDefaultAdmin?: boolean } = {},
    ) => {
      const id = uuid();
      await trx
        .insertInto('users')
        .values({
          id,
          enterprise_id: enterpriseId,
          role_id: roleId,
          name,
          email,
          password_hash: passwordHash,
          mobile: extra.mobile ?? null,
          avatar_url: null,
          is_default_admin: extra.isDefaultAdmin ? 1 : 0,
          status: 'active',
          email_verified_at: now,
          last_active_at: null,
          created_at: now,
          invited_at: null,
        })
        .execute();
      return id;
    };
    const acmeOwner = await user(acme, adminRole, 'Olivia Owner', 'owner@acme.example', {
      mobile: '+61 412 345 678',
      isDefaultAdmin: true,
    });
    await user(acme, staffRole, 'Sam Staff', 'staff@acme.example');
    const learner = await user(acme, learnerRole, 'Lee Learner', 'learner@acme.example');

    const groupIds = ACME_GROUPS.map(() => uuid());
    await trx
      .insertInto('groups')
      .values(
        ACME_GROUPS.map((name, i) => ({
          id: groupIds[i] ?? uuid(),
          enterprise_id: acme,
          name,
          created_at: now,
        })),
      )
      .execute();
    const members = Array.from({ length: 60 }, (_, i) => ({
      id: uuid(),
      enterprise_id: acme,
      role_id: learnerRole,
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
      email: `member${String(i + 1).padStart(2, '0')}@acme.example`,
      password_hash: passwordHash,
      mobile: null,
      avatar_url: null,
      is_default_admin: 0,
      status: 'active',
      email_verified_at: now,
      last_active_at: null,
      // Joined over the last four months, so the dashboard's "joined" figure means something.
      created_at: new Date(Date.now() - ((i * 7) % 120) * DAY_MS).toISOString(),
      invited_at: null,
    }));
    await trx.insertInto('users').values(members).execute();
    await seedActivity(
      trx,
      acme,
      members.map((m) => m.id),
    );
    const memberships = members
      .flatMap((m, i) => [
        { group_id: groupIds[i % groupIds.length] ?? '', user_id: m.id },
        { group_id: groupIds[(i * 7 + 3) % groupIds.length] ?? '', user_id: m.id },
      ])
      .filter(
        (row, i, all) => all.findIndex((o) => o.group_id === row.group_id && o.user_id === row.user_id) === i,
      );
    await trx.insertInto('group_members').values(memberships).execute();
    await trx
      .insertInto('group_members')
      .values([0, 4, 18].map((i) => ({ group_id: groupIds[i] ?? '', user_id: learner })))
      .execute();
    await seedReadingPractice(trx, acme, groupIds[0] ?? '', now);
    await seedTasks(trx, {
      enterpriseId: acme,
      ownerId: acmeOwner,
      groupId: groupIds[0] ?? '',
      learnerId: learner,
      now,
    });
    // Melbourne Office (the learner's) and Sydney Office.
    await seedSurveys(trx, {
      enterpriseId: acme,
      ownerId: acmeOwner,
      groupIds: [groupIds[4] ?? '', groupIds[5] ?? ''],
      learnerId: learner,
      now,
    });

    const globex = uuid();
    await trx
      .insertInto('enterprises')
      .values({
        id: globex,
        name: 'Globex Training',
        logo: null,
        address: null,
        features: JSON.stringify(DEFAULT_FEATURE_FLAGS),
        theme: JSON.stringify(GLOBEX_THEME),
        created_at: now,
      })
      .execute();
    const globexAdmin = await role(globex, 'Admin', PERMISSION_KEYS);
    await role(globex, 'Learner', ['dashboard']);
    await user(globex, globexAdmin, 'Gina Globex', 'owner@globex.example', { isDefaultAdmin: true });
    await trx
      .insertInto('groups')
      .values(
        ['Globex Field Sales', 'Globex Induction', 'Globex Managers'].map((name) => ({
          id: uuid(),
          enterprise_id: globex,
          name,
          created_at: now,
        })),
      )
      .execute();
    await seedContent(trx, {
      storage,
      enterpriseIds: [acme, globex],
      acmeId: acme,
      ownerId: acmeOwner,
      groupId: groupIds[0] ?? '',
      learnerId: learner,
      now,
    });
    await seedRecordedAttempts(trx, { storage, enterpriseId: acme, now });
    // The practice just written counts as the members' activity, as it does live.
    await activityFromPractice(trx, acme);
    await seedPlatformTasks(trx, { offeredTo: globex, now });
    await seedMarketplace(trx, { passwordHash, now, storage });
    await seedVocabulary(trx, now);
  });
  return true;
};
