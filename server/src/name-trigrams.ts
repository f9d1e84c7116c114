import { sql } from 'kysely';
import type { Db } from './db/connect.ts';

/**
 * Issue 19 item 3, PostgreSQL: which word of a course search the pg_trgm index should be asked for.
 *
 * The index answers `like '%text%'` by reading the posting list of every trigram of the text and checking each
 * candidate of the rarest against all the others. A text made of a common word and a rare one ("negotiation 4567",
 * where "negotiation"'s trigrams are in a seventh of 100,000 names) spent 2 ms there; asking the index for the rare
 * word alone takes 0.2 ms, and the whole text is then checked on the few rows found. Which word is rare is read
 * from a sample of the published names' trigrams (a few thousand names, whatever the catalogue's size), taken again
 * when it is older than MAX_AGE_MS or the catalogue changed here. The sample only steers the plan: the answer is the
 * same whichever word is asked for, since every name holding the text holds each of its words.
 */
const MAX_AGE_MS = 10 * 60_000;

/** About this many names are sampled (whole table pages, PostgreSQL's TABLESAMPLE SYSTEM). */
const SAMPLE_NAMES = 5_000;

/** A word is asked for alone when at most this share of the sampled names holds its rarest trigram. */
const RARE_SHARE = 0.01;

export type TrigramSample = {
  /** Names sampled. */
  size: number;
  /** Sampled names holding each trigram (pg_trgm's show_trgm of the lower-cased name). */
  names: ReadonlyMap<string, number>;
};

/**
 * The trigrams pg_trgm takes from `like '%word%'` for a word of letters and digits: every three characters in a
 * row, without the blank padding it adds at a word's edges (the pattern's % stands on both sides).
 */
export const likeTrigrams = (word: string) =>
  Array.from({ length: Math.max(0, word.length - 2) }, (_, i) => word.slice(i, i + 3));

/** Anything but pg_trgm's word characters (letters and digits) splits a text into words, as pg_trgm splits it. */
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The word of `text` (lower-cased) to ask the index for instead of the whole text, or null when the whole text is
 * the better question: a single word, no word of three characters (fewer give pg_trgm no trigram to look up), or
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

const takeSample = async (db: Db): Promise<TrigramSample> => {
  // Without pg_trgm (migration 009 could not install it) there is no index to steer: the whole text is asked.
  const table = await sql<{ rows: number; trgm: boolean }>`select reltuples::float8 as rows,
    exists (select 1 from pg_extension where extname = 'pg_trgm') as trgm
    from pg_class where oid = 'courses'::regclass`.execute(db);
  if (!table.rows[0]?.trgm) return { size: 0, names: new Map() };
  const rows = Number(table.rows[0].rows);
  // reltuples is -1 before the first analyze; a small table is read whole.
  const percent = rows > SAMPLE_NAMES ? (100 * SAMPLE_NAMES) / rows : 100;
  const { rows: counts } = await sql<{ trigram: string; names: number; size: number }>`
    with sampled as (select lower(name) as name from courses tablesample system (${percent}) where published = 1)
    select t as trigram, count(*)::int as names, (select count(*)::int from sampled) as size
    from sampled cross join lateral unnest(show_trgm(sampled.name)) t
    group by t`.execute(db);
  return { size: counts[0]?.size ?? 0, names: new Map(counts.map((c) => [c.trigram, c.names])) };
};

/** The sample of one database, taken on first use and again once stale; concurrent searches share one taking. */
export const createNameTrigrams = (now: () => number = Date.now) => {
  let current: { sample: TrigramSample; at: number } | null = null;
  let taking: Promise<TrigramSample> | null = null;
  return {
    sample: (db: Db): Promise<TrigramSample> => {
      if (current && now() - current.at < MAX_AGE_MS) return Promise.resolve(current.sample);
      taking ??= takeSample(db)
        .then((sample) => {
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
