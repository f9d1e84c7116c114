import { COURSE_CATEGORIES, COURSE_LEVELS } from '@coach/shared/constants/marketplace';
import type { Db } from '../db/connect.ts';

const WORDS = [
  'Confident',
  'Clear',
  'Practical',
  'Everyday',
  'Advanced',
  'Essential',
  'Modern',
  'Professional',
];
const TOPICS = [
  'Presentations',
  'Interviews',
  'Meetings',
  'Pronunciation',
  'Negotiation',
  'Storytelling',
  'Feedback',
];

/**
 * Adds `count` published synthetic courses spread over the seeded institutions (for benchmarks: site build
 * time and search latency). Deterministic names so searches hit a known share of them.
 */
export const addSyntheticCourses = async (db: Db, count: number) => {
  const institutions = await db.selectFrom('institutions').select('enterprise_id').execute();
  if (institutions.length === 0) throw new Error('Seed the demo first: no institutions');
  const now = Date.now();
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const n = start + k;
      const at = new Date(now - n * 60_000).toISOString();
      return {
        id: crypto.randomUUID(),
        enterprise_id: institutions[n % institutions.length]?.enterprise_id ?? '',
        name: `${WORDS[n % WORDS.length]} ${TOPICS[(n * 3) % TOPICS.length]} ${n + 1}`,
        category: COURSE_CATEGORIES[n % COURSE_CATEGORIES.length] ?? 'Public Speaking',
        description: `Synthetic course ${n + 1} for benchmarks: lessons, practice with the AI coach and a final recorded task.`,
        price_cents: 1900 + ((n * 700) % 30000),
        currency: 'AUD',
        duration: `${2 + (n % 8)} weeks`,
        level: COURSE_LEVELS[n % COURSE_LEVELS.length] ?? 'Beginner',
        image_url: null,
        rating: 3 + (n % 20) / 10,
        rating_count: n % 500,
        published: 1,
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('courses').values(rows).execute();
  }
};
