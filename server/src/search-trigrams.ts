import { type RawBuilder, sql } from 'kysely';
import type { Db, DbKind } from './db/connect.ts';

/**
 * Which word of a search the trigram index should be asked for (the course search box, the member
 * searches).
 *
 * Both databases answer "the text contains the search" from trigram indexes (PostgreSQL's pg_trgm, SQLite's FTS5
 * trigram tables) by reading the posting list of every trigram of the search. A search made of a common word and a
 * rare one ("negotiation 4567", where "negotiation"'s trigrams are in a seventh of 100,000 course names) spent 2 ms
 * there on PostgreSQL and 0.7 ms on SQLite; asking the index for the rare word alone takes 0.2 and 0.1 ms, and the
 * whole search is then checked on the few rows found. Which word is rare is read from a sample of the texts searched
 * (a few thousand, whatever the table's size), taken again when it is older than MAX_AGE_MS or, for courses, when the
 * catalogue changed here. The sample only steers the plan: the answer is the same whichever word is asked for, since
 * every text holding the search holds each of its words.
 */
const MAX_AGE_MS = 10 * 60_000;

/** About this many texts are sampled. */
const SAMPLE_TEXTS = 5_000;

/** A word is asked for alone when at most this share of the sampled texts holds its rarest trigram. */
const RARE_SHARE = 0.01;

export type TrigramSample = {
  /** Texts sampled. */
  size: number;
  /** Sampled texts holding each run of three characters (lower-cased). */
  names: ReadonlyMap<string, number>;
};

/**
 * Every run of three characters: the trigrams FTS5 takes from a phrase, and those pg_trgm takes from
 * `like '%word%'` for a word of letters and digits (without the blank padding it adds at a word's edges: the
 * pattern's % stands on both sides).
 */
export const likeTrigrams = (word: string) =>
  Array.from({ length: Math.max(0, word.length - 2) }, (_, i) => word.slice(i, i + 3));

/** Anything but pg_trgm's word characters (letters and digits) splits a text into words, as pg_trgm splits it. */
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The word of `text` (lower-cased) to ask the index for instead of the whole text, or null when the whole text is
 * the better question: a single word, no word of three characters (fewer give the index no trigram to look up), or
 * no word rare enough. Each word is part of the text, so every name holding the text holds it.
 */
export const rareWord = (text: string, sample: TrigramSample): string | null => {
  const words = text.toLowerCase().split(NOT_WORD).filter(Boolean);
  if (words.length < 2 || sample.size === 0) return null;
  let best: { word: string; names: number } | null = null;
  for (const word of words) {
    if (word.length < 3) continue;
    const names = Math.min(...likeTrigrams(word).map((t) => sample.names.get(t) ?? 0));
    if (!best || names < best.names) best = { word, names };
  }
  return best && best.names <= sample.size * RARE_SHARE ? best.word : null;
};

/** Printable ASCII: where SQLite's lower() and FTS5's case folding agree, so instr() checks what the phrase would. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * The word of a search to ask the index for alone, with the sample this search reads, or null: texts under three
 * characters (the index has no trigram to look up), and on SQLite texts beyond ASCII (instr on lower() could then
 * disagree with FTS5's folding) are asked whole.
 */
export const indexWord = async (
  sample: { sample: (db: Db, kind: DbKind) => Promise<TrigramSample> },
  db: Db,
  kind: DbKind,
  search: string,
) =>
  search.length >= 3 && (kind === 'postgres' || ASCII.test(search))
    ? rareWord(search, await sample.sample(db, kind))
    : null;

/** Counts, for each run of three characters, the texts holding it (once per text). */
export const countTrigrams = (texts: string[]): TrigramSample => {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set(likeTrigrams(text.toLowerCase()));
    for (const t of seen) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return { size: texts.length, names: counts };
};

/** A few thousand of the table's texts, taken at random. */
const sampleTexts = async (db: Db, kind: DbKind, table: 'courses' | 'users', text: RawBuilder<string>) => {
  if (kind === 'postgres') {
    // Whole table pages (TABLESAMPLE SYSTEM): reading a few thousand texts costs the same at any size. reltuples
    // is -1 before the first analyze; a small table is read whole.
    const counted = await sql<{ rows: number }>`select reltuples::float8 as rows from pg_class
      where oid = ${table}::regclass`.execute(db);
    const rows = Number(counted.rows[0]?.rows ?? 0);
    const percent = rows > SAMPLE_TEXTS ? (100 * SAMPLE_TEXTS) / rows : 100;
    const { rows: texts } = await sql<{
      text: string;
    }>`select ${text} as text from ${sql.table(table)} tablesample system (${percent})`.execute(db);
    return texts.map((t) => t.text);
  }
  // SQLite has no TABLESAMPLE: every nth row at random, n from the count.
  const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  const every = Math.max(1, Math.floor(Number(counted.rows[0]?.n ?? 0) / SAMPLE_TEXTS));
  const { rows: texts } = await sql<{
    text: string;
  }>`select ${text} as text from ${sql.table(table)} where abs(random() % ${every}) = 0`.execute(db);
  return texts.map((t) => t.text);
};

/** The sample of one kind of text, taken on first use and again once stale; concurrent searches share one taking. */
const createTrigramSample = (take: (db: Db, kind: DbKind) => Promise<string[]>, now: () => number) => {
  let current: { sample: TrigramSample; at: number } | null = null;
  let taking: Promise<TrigramSample> | null = null;
  return {
    sample: (db: Db, kind: DbKind): Promise<TrigramSample> => {
      if (current && now() - current.at < MAX_AGE_MS) return Promise.resolve(current.sample);
      taking ??= take(db, kind)
        .then((texts) => {
          const sample = countTrigrams(texts);
          current = { sample, at: now() };
          return sample;
        })
        .finally(() => {
          taking = null;
        });
      return taking;
    },
    /** The texts changed: the next search takes a new sample. */
    stale: () => {
      current = null;
    },
  };
};

/**
 * The samples of one database: the course names the search box reads (unpublished ones included: they are few, and
 * the estimate needs no more), and the members' "name email" texts the member searches read (every enterprise's:
 * an estimate of how common a word is, not of any one tenant's members).
 */
export const createSearchTrigrams = (now: () => number = Date.now) => ({
  courses: createTrigramSample((db, kind) => sampleTexts(db, kind, 'courses', sql<string>`name`), now),
  members: createTrigramSample(
    (db, kind) => sampleTexts(db, kind, 'users', sql<string>`name || ' ' || email`),
    now,
  ),
});

export type SearchTrigrams = ReturnType<typeof createSearchTrigrams>;
