import { sql } from 'kysely';
import type { Db, DbKind } from './db/connect.ts';

/**
 * Issue 19 item 3: which word of a course search the trigram index should be asked for.
 *
 * Both databases answer "the name contains the text" from trigram indexes (PostgreSQL's pg_trgm, SQLite's FTS5
 * trigram table) by reading the posting list of every trigram of the text. A text made of a common word and a rare
 * one ("negotiation 4567", where "negotiation"'s trigrams are in a seventh of 100,000 names) spent 2 ms there on
 * PostgreSQL and 0.7 ms on SQLite; asking the index for the rare word alone takes 0.2 and 0.1 ms, and the whole
 * text is then checked on the few rows found. Which word is rare is read from a sample of the published names
 * (a few thousand, whatever the catalogue's size), taken again when it is older than MAX_AGE_MS or the catalogue
 * changed here. The sample only steers the plan: the answer is the same whichever word is asked for, since every
 * name holding the text holds each of its words.
 */
const MAX_AGE_MS = 10 * 60_000;

/** About this many names are sampled. */
const SAMPLE_NAMES = 5_000;

/** A word is asked for alone when at most this share of the sampled names holds its rarest trigram. */
const RARE_SHARE = 0.01;

export type TrigramSample = {
  /** Names sampled. */
  size: number;
  /** Sampled names holding each run of three characters (lower-cased). */
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

/** Counts, for each run of three characters, the names holding it (once per name). */
export const countTrigrams = (names: string[]): TrigramSample => {
  const counts = new Map<string, number>();
  for (const name of names) {
    const lower = name.toLowerCase();
    const seen = new Set(likeTrigrams(lower));
    for (const t of seen) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return { size: names.length, names: counts };
};

const sampleNames = async (db: Db, kind: DbKind) => {
  if (kind === 'postgres') {
    // Whole table pages (TABLESAMPLE SYSTEM): reading a few thousand names costs the same at any size. reltuples
    // is -1 before the first analyze; a small table is read whole.
    const table = await sql<{ rows: number }>`select reltuples::float8 as rows from pg_class
      where oid = 'courses'::regclass`.execute(db);
    const rows = Number(table.rows[0]?.rows ?? 0);
    const percent = rows > SAMPLE_NAMES ? (100 * SAMPLE_NAMES) / rows : 100;
    const { rows: names } = await sql<{
      name: string;
    }>`select name from courses tablesample system (${percent}) where published = 1`.execute(db);
    return names.map((n) => n.name);
  }
  // SQLite has no TABLESAMPLE: every nth course at random, n from the count.
  const counted = await sql<{ n: number }>`select count(*) as n from courses`.execute(db);
  const every = Math.max(1, Math.floor(Number(counted.rows[0]?.n ?? 0) / SAMPLE_NAMES));
  const { rows: names } = await sql<{
    name: string;
  }>`select name from courses where published = 1 and abs(random() % ${every}) = 0`.execute(db);
  return names.map((n) => n.name);
};

/** The sample of one database, taken on first use and again once stale; concurrent searches share one taking. */
export const createNameTrigrams = (now: () => number = Date.now) => {
  let current: { sample: TrigramSample; at: number } | null = null;
  let taking: Promise<TrigramSample> | null = null;
  return {
    sample: (db: Db, kind: DbKind): Promise<TrigramSample> => {
      if (current && now() - current.at < MAX_AGE_MS) return Promise.resolve(current.sample);
      taking ??= sampleNames(db, kind)
        .then((names) => {
          const sample = countTrigrams(names);
          current = { sample, at: now() };
          return sample;
        })
        .finally(() => {
          taking = null;
        });
      return taking;
    },
    /** The catalogue changed: the next search takes a new sample. */
    stale: () => {
      current = null;
    },
  };
};

export type NameTrigrams = ReturnType<typeof createNameTrigrams>;
