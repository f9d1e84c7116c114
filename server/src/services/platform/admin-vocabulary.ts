import { LEVEL_VALUES, type Level } from '@coach/shared/constants/levels';
import {
  type adminVocabulary,
  VOCABULARY_CSV_COLUMNS,
  VOCABULARY_CSV_MAX_ROWS,
  VOCABULARY_PAGE_SIZE,
  type VocabularyWord,
  vocabularyFields,
  type vocabularyPractice,
} from '@coach/shared/contract/admin-vocabulary';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { ImportRowError } from '@coach/shared/contract/members';
import { sql } from 'kysely';
import { notFound, validation } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import { readCsvRows } from '../common/csv.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';

type WordRow = {
  id: string;
  word: string;
  meaning: string;
  example: string;
  level: number;
  category: string;
  updated_at: string;
};
type WordInput = ParsedRequestOf<typeof adminVocabulary.add>;

const COLUMNS = ['id', 'word', 'meaning', 'example', 'level', 'category', 'updated_at'] as const;

/** A stored level outside 1-4 (never written here) reads as Beginner rather than failing the list. */
const toLevel = (level: number): Level => LEVEL_VALUES.find((value) => value === level) ?? 1;

const toWord = (row: WordRow): VocabularyWord => ({
  _id: row.id,
  word: row.word,
  meaning: row.meaning,
  example: row.example,
  level: toLevel(row.level),
  category: row.category,
  updatedAt: row.updated_at,
});

const findWord = async (ctx: ServiceContext, wordId: string) => {
  const row = await ctx.db
    .selectFrom('vocabulary')
    .select(COLUMNS)
    .where('id', '=', wordId)
    .executeTakeFirst();
  if (!row) throw notFound('Word not found');
  return row;
};

/** Words are unique whatever their case, so practice never shows the same word twice. */
const assertWordFree = async (ctx: ServiceContext, word: string, exceptId?: string) => {
  let query = ctx.db
    .selectFrom('vocabulary')
    .select('id')
    .where(sql<boolean>`lower(word) = ${word.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw validation('word', 'This word is already in the list');
};

export const listVocabulary = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminVocabulary.list>,
) => {
  const { currentPage } = input;
  let query = ctx.db.selectFrom('vocabulary');
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    query = query.where(
      sql<boolean>`(lower(word) like ${pattern} escape '\\' or lower(meaning) like ${pattern} escape '\\')`,
    );
  }
  if (input.category) query = query.where('category', '=', input.category);
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .select(COLUMNS)
    .orderBy(sql`lower(word)`)
    .orderBy('id')
    .limit(VOCABULARY_PAGE_SIZE)
    .offset((currentPage - 1) * VOCABULARY_PAGE_SIZE)
    .execute();
  return pageOf(rows.map(toWord), { currentPage, pageSize: VOCABULARY_PAGE_SIZE, total });
};

export const vocabularyCategories = async (ctx: ServiceContext) => {
  const rows = await ctx.db.selectFrom('vocabulary').select('category').distinct().execute();
  return rows.map((row) => row.category).sort((a, b) => a.localeCompare(b));
};

/**
 * A category as the list already spells it, whatever the case typed ("meetings" for "Meetings"): the filter listed
 * both, splitting the words. `exceptId`: the word being edited, whose own spelling may change.
 */
const categoryAsListed = async (ctx: ServiceContext, category: string, exceptId?: string) => {
  let query = ctx.db
    .selectFrom('vocabulary')
    .select('category')
    .where(sql<boolean>`lower(category) = ${category.toLowerCase()}`)
    .orderBy('created_at')
    .limit(1);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.category ?? category;
};

export const addWord = async (ctx: ServiceContext, input: WordInput): Promise<VocabularyWord> => {
  await assertWordFree(ctx, input.word);
  const id = crypto.randomUUID();
  const now = nowIso();
  const category = await categoryAsListed(ctx, input.category);
  await ctx.db
    .insertInto('vocabulary')
    .values({ id, ...input, category, created_at: now, updated_at: now })
    .execute();
  ctx.setMessage('Word added');
  return toWord(await findWord(ctx, id));
};

export const editWord = async (
  ctx: ServiceContext,
  { wordId, ...input }: ParsedRequestOf<typeof adminVocabulary.edit>,
): Promise<VocabularyWord> => {
  await findWord(ctx, wordId);
  await assertWordFree(ctx, input.word, wordId);
  const category = await categoryAsListed(ctx, input.category, wordId);
  await ctx.db
    .updateTable('vocabulary')
    .set({ ...input, category, updated_at: nowIso() })
    .where('id', '=', wordId)
    .execute();
  ctx.setMessage('Word updated');
  return toWord(await findWord(ctx, wordId));
};

export const deleteWord = async (
  ctx: ServiceContext,
  { wordId }: ParsedRequestOf<typeof adminVocabulary.remove>,
) => {
  await findWord(ctx, wordId);
  await ctx.db.deleteFrom('vocabulary').where('id', '=', wordId).execute();
  ctx.setMessage('Word deleted');
  return { _id: wordId };
};

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

const MAX_CSV_BYTES = 1_000_000;

const FIELD_NAMES = Object.keys(vocabularyFields) as (keyof typeof vocabularyFields)[];

/**
 * Checks every row against the editor's rules, for words twice in the file and for words already listed;
 * inserts the words in one transaction only when no row is bad, so a file is never half imported.
 */
export const importVocabulary = async (
  ctx: ServiceContext,
  { file }: ParsedRequestOf<typeof adminVocabulary.importCsv>,
) => {
  if (file.size > MAX_CSV_BYTES) throw validation('file', 'The file is larger than 1 MB');
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = readCsvRows(await file.text());
  } catch (error) {
    throw validation('file', `This is not a readable CSV file (${(error as Error).message})`);
  }
  const [header, ...body] = rows;
  const columns = header?.record.map((c) => c.toLowerCase()) ?? [];
  if (!header || VOCABULARY_CSV_COLUMNS.some((c) => !columns.includes(c)))
    throw validation('file', `The first line must name the columns ${VOCABULARY_CSV_COLUMNS.join(', ')}`);
  if (body.length === 0) throw validation('file', 'The file has no words below the header');
  if (body.length > VOCABULARY_CSV_MAX_ROWS)
    throw validation('file', `At most ${VOCABULARY_CSV_MAX_ROWS} words per file`);
  const cell = (record: string[], column: string) => record[columns.indexOf(column)]?.trim() ?? '';

  const errors: ImportRowError[] = [];
  const good: (WordInput & { row: number })[] = [];
  const seen = new Set<string>();
  for (const { record, info } of body) {
    const row = info.lines;
    const values: Record<string, unknown> = {};
    let bad = false;
    for (const field of FIELD_NAMES) {
      const raw = cell(record, field);
      const value = field === 'level' && /^\d+$/.test(raw) ? Number(raw) : raw;
      const parsed = vocabularyFields[field].safeParse(value);
      if (parsed.success) values[field] = parsed.data;
      else {
        bad = true;
        errors.push({ row, field, message: parsed.error.issues[0]?.message ?? 'Invalid value' });
      }
    }
    if (bad) continue;
    const word = values as WordInput;
    const key = word.word.toLowerCase();
    if (seen.has(key)) {
      errors.push({ row, field: 'word', message: 'This word appears twice in the file' });
      continue;
    }
    seen.add(key);
    good.push({ row, ...word });
  }
  const existing = good.length
    ? await ctx.db
        .selectFrom('vocabulary')
        .select('word')
        .where(sql<boolean>`lower(word) in (${sql.join(good.map((g) => g.word.toLowerCase()))})`)
        .execute()
    : [];
  const taken = new Set(existing.map((e) => e.word.toLowerCase()));
  for (const g of good.filter((g) => taken.has(g.word.toLowerCase())))
    errors.push({ row: g.row, field: 'word', message: 'This word is already in the list' });
  errors.sort((a, b) => a.row - b.row);
  if (errors.length) {
    const bad = new Set(errors.map((e) => e.row)).size;
    ctx.setMessage(`Nothing imported: ${bad} ${bad === 1 ? 'row needs' : 'rows need'} fixing`);
    return { imported: 0, errors };
  }
  const now = nowIso();
  // Each category as the list (or else the file's first row of it) spells it.
  const spelt = new Map<string, string>();
  for (const word of good) {
    const key = word.category.toLowerCase();
    if (!spelt.has(key)) spelt.set(key, await categoryAsListed(ctx, word.category));
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const { row: _row, ...word } of good)
      await trx
        .insertInto('vocabulary')
        .values({
          id: crypto.randomUUID(),
          ...word,
          category: spelt.get(word.category.toLowerCase()) ?? word.category,
          created_at: now,
          updated_at: now,
        })
        .execute();
  });
  ctx.setMessage(`${good.length} ${good.length === 1 ? 'word' : 'words'} imported`);
  return { imported: good.length, errors };
};

/**
 * Practice words for a learner (vocabulary practice): a random draw from the platform list, optionally of
 * one level and category. The list is small (thousands of words), so ordering by random() is cheap here.
 */
export const practiceWords = async (
  ctx: ServiceContext,
  { level, category, count }: ParsedRequestOf<typeof vocabularyPractice.practiceWords>,
): Promise<VocabularyWord[]> => {
  let query = ctx.db.selectFrom('vocabulary').select(COLUMNS);
  if (level !== undefined) query = query.where('level', '=', level);
  if (category) query = query.where(sql<boolean>`lower(category) = ${category.toLowerCase()}`);
  const rows = await query.orderBy(sql`random()`).limit(count).execute();
  return rows.map(toWord);
};
