import { INSTITUTIONS } from '@coach/shared/constants/institutions';
import { COURSE_CATEGORIES, type CourseCategory } from '@coach/shared/constants/marketplace';
import { withIndefiniteArticle } from '@coach/shared/format/indefinite-article';
import { insertCompany } from '../db/companies.ts';
import type { Db } from '../db/connect.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { makeImageVariants } from '../services/content/image-variants.ts';
import { coverImage } from './cover-image.ts';
import { seedCourseDelivery } from './seed-course-delivery.ts';
import { courseOutline } from './seed-course-outlines.ts';
import { seedCourseReviews } from './seed-course-reviews.ts';

const uuid = () => crypto.randomUUID();

/** Our own words for the five partner institutions of spec §2. */
const PROFILES: Record<
  (typeof INSTITUTIONS)[number]['slug'],
  { tagline: string; description: string; website: string; login: string; currency: string }
> = {
  'you-study-international-college': {
    tagline: 'Career-ready English for international students',
    description:
      'You Study International College helps students from more than forty countries study, work and speak with confidence in Australia. Its speaking programmes pair small live classes with daily practice alongside the AI coach, so learners rehearse presentations, tutorials and job interviews before the moment counts.',
    website: 'https://youstudy.example',
    login: 'courses@youstudy.example',
    currency: 'AUD',
  },
  'english-priority': {
    tagline: 'Everyday English, spoken clearly',
    description:
      'English Priority focuses on the English people use at work and in their community. Its short, practical courses build pronunciation, listening and conversation habits one week at a time, with feedback on every recording so progress is visible from the first lesson.',
    website: 'https://englishpriority.example',
    login: 'courses@englishpriority.example',
    currency: 'AUD',
  },
  'pacific-training-group': {
    tagline: 'Workplace communication for busy teams',
    description:
      'Pacific Training Group trains frontline teams and new managers across the Pacific region. Its communication courses cover difficult conversations, customer calls and presenting to leadership, each finishing with a recorded role-play the AI coach scores against the course rubric.',
    website: 'https://pacifictraining.example',
    login: 'courses@pacifictraining.example',
    currency: 'AUD',
  },
  'education-center-of-australia': {
    tagline: 'Academic English and university pathways',
    description:
      'Education Center of Australia prepares students for university study and professional registration. Courses build academic speaking, seminar participation and test-style interviews, with structured practice tasks between lessons and clear criteria for every assessment.',
    website: 'https://eca.example',
    login: 'courses@eca.example',
    currency: 'AUD',
  },
  'ames-australia': {
    tagline: 'Settlement, language and employment services',
    description:
      'AMES Australia has supported newly arrived migrants and refugees for decades with English tuition and employment programmes. Its marketplace courses focus on job-search conversations, workplace English and community confidence, and are designed for learners at every starting level.',
    website: 'https://ames.example',
    login: 'courses@ames.example',
    currency: 'AUD',
  },
};

/**
 * Course titles by category. None names a length: the seed gives each course its duration apart from its title,
 * and an "8 weeks" course called "… in Four Weeks" contradicted itself.
 */
export const TITLES: Record<CourseCategory, string[]> = {
  'Public Speaking': [
    'Speak with Confidence: Foundations',
    'Storytelling for Presentations',
    'Handling Questions from an Audience',
  ],
  'Business English': [
    'Business English for Meetings',
    'Negotiation Language in Practice',
    'Clear Emails and Calls',
  ],
  'Interview Skills': [
    'Interview Ready, Step by Step',
    'Behavioural Interviews with the STAR Method',
    'Video Interviews that Land',
  ],
  'Academic English': [
    'Academic Speaking for University',
    'Seminar and Tutorial Skills',
    'Presenting Research Clearly',
  ],
  'Leadership Communication': [
    'Leading Difficult Conversations',
    'Feedback that Helps',
    'Communicating Change to Your Team',
  ],
  Pronunciation: [
    'Pronunciation Essentials',
    'Rhythm, Stress and Intonation',
    'Sounds of Australian English',
  ],
};

const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Master'];
const DURATIONS = ['2 weeks', '4 weeks', '6 weeks', '8 weeks', '10 hours', '20 hours'];

/** A category in running text: lower case, but its proper nouns keep their capital ("business English"). */
const inSentence = (category: string) => category.toLowerCase().replace(/\benglish\b/g, 'English');

export const describeCourse = (title: string, category: string, institution: string) =>
  `${title} is ${withIndefiniteArticle(`${inSentence(category)} course`)} from ${institution}. Each week combines a short lesson, a live or recorded practice session and speaking tasks you complete with the AI coach, which listens to your answers and gives feedback on clarity, pace and structure.\n\nBy the end you will have recorded a final task that shows your progress, and you keep access to the practice library for six months.`;

/**
 * One cover per category (its drawn scene, cover-image.ts), stored through the storage provider with its AVIF and
 * WebP copies, as an uploaded cover is when a course is saved; courses share them.
 */
const storeCovers = async (db: Db, storage: StorageProvider | undefined) => {
  const covers = new Map<CourseCategory, string | null>();
  for (const category of COURSE_CATEGORIES) {
    if (!storage) {
      covers.set(category, null);
      continue;
    }
    const key = `course-image/${new Date().toISOString().slice(0, 7)}/${uuid()}.png`;
    const bytes = coverImage(category);
    await storage.put(key, bytes, 'image/png');
    await makeImageVariants({ db, storage }, { key, field: 'imageUrl', bytes });
    covers.set(category, storage.publicUrl(key));
  }
  return covers;
};

/**
 * The five institutions (each an enterprise with the course feature and an admin who manages its courses) and
 * nine published courses each, with generated covers, ratings and prices.
 */
export const seedMarketplace = async (
  trx: Db,
  {
    passwordHash,
    now,
    storage,
  }: { passwordHash: string; now: string; storage?: StorageProvider | undefined },
) => {
  const covers = await storeCovers(trx, storage);
  let n = 0;
  for (const [index, { slug, name }] of INSTITUTIONS.entries()) {
    const profile = PROFILES[slug];
    const { enterpriseId } = await insertCompany(trx, {
      name,
      features: { enableCourseFeature: true },
      admin: { name: `${name} Courses`, email: profile.login, passwordHash, verifiedAt: now },
      now,
    });
    await trx
      .insertInto('institutions')
      .values({
        id: uuid(),
        enterprise_id: enterpriseId,
        slug,
        name,
        tagline: profile.tagline,
        description: profile.description,
        website: profile.website,
        created_at: now,
      })
      .execute();
    const courses = Array.from({ length: 9 }, (_, j) => {
      n += 1;
      const category = COURSE_CATEGORIES[(index + j) % COURSE_CATEGORIES.length] ?? 'Public Speaking';
      // A category appears once or twice per institution; vary its title across institutions and appearances.
      const title = TITLES[category][(index + (j >= 6 ? 1 : 0)) % 3] ?? category;
      const created = new Date(Date.parse(now) - n * 36 * 3_600_000).toISOString();
      return {
        id: uuid(),
        enterprise_id: enterpriseId,
        name: title,
        category,
        description: describeCourse(title, category, name),
        price_cents: j === 8 ? 0 : 4900 + ((n * 3700) % 40000),
        currency: profile.currency,
        duration: DURATIONS[n % DURATIONS.length] ?? '4 weeks',
        level: LEVELS[n % LEVELS.length] ?? 'Beginner',
        image_url: covers.get(category) ?? null,
        // The seeded reviews set both (seed-course-reviews.ts).
        rating: 0,
        rating_count: 0,
        published: 1,
        created_at: created,
        updated_at: created,
        ...courseOutline(category, name, n),
      };
    });
    await trx.insertInto('courses').values(courses).execute();
  }
  // The courses' groups and tasks first: the seeded buyers' purchases are delivered into them.
  await seedCourseDelivery(trx, { now });
  await seedCourseReviews(trx, { now });
};

/** Demo logins of the institutions' course admins (printed by `pnpm start`). */
export const INSTITUTION_LOGINS = INSTITUTIONS.map(({ slug, name }) => ({
  name,
  email: PROFILES[slug].login,
}));
