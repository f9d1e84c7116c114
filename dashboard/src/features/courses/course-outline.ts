import type { ManagedCourseDetail } from '@coach/shared/contract/courses';

// What a course teaches, its syllabus and its instructor as the editor holds them. Rows carry
// a key so React keeps each input with its row when rows move; minutes stay as typed until sent.

export type OutcomeDraft = { key: string; text: string };
export type LessonDraft = { key: string; title: string; minutes: string };
export type ModuleDraft = { key: string; title: string; lessons: LessonDraft[] };
export type InstructorDraft = { name: string; bio: string };
export type OutlineDraft = {
  outcomes: OutcomeDraft[];
  syllabus: ModuleDraft[];
  instructor: InstructorDraft;
};
/** Messages keyed by the request's dotted path (`syllabus.0.lessons.2.minutes`). */
export type OutlineErrors = Record<string, string>;

const newKey = () => crypto.randomUUID();

export const newOutcome = (): OutcomeDraft => ({ key: newKey(), text: '' });
export const newLesson = (): LessonDraft => ({ key: newKey(), title: '', minutes: '' });
/** A module starts with one empty lesson: the server refuses a module without lessons. */
export const newModule = (): ModuleDraft => ({ key: newKey(), title: '', lessons: [newLesson()] });

export const outlineDraftOf = (course?: ManagedCourseDetail): OutlineDraft => ({
  outcomes: (course?.outcomes ?? []).map((text) => ({ key: newKey(), text })),
  syllabus: (course?.syllabus ?? []).map((module) => ({
    key: newKey(),
    title: module.title,
    lessons: module.lessons.map((lesson) => ({
      key: newKey(),
      title: lesson.title,
      minutes: String(lesson.minutes),
    })),
  })),
  instructor: { name: course?.instructor?.name ?? '', bio: course?.instructor?.bio ?? '' },
});

/** "45" is 45 minutes; anything else is not a number of minutes and the schema says so. */
const toMinutes = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);

/** The outline as add-course and edit-course take it; no name and no bio names no instructor. */
export const outlineInput = ({ outcomes, syllabus, instructor }: OutlineDraft) => ({
  outcomes: outcomes.map((outcome) => outcome.text),
  syllabus: syllabus.map((module) => ({
    title: module.title,
    lessons: module.lessons.map((lesson) => ({ title: lesson.title, minutes: toMinutes(lesson.minutes) })),
  })),
  instructor: instructor.name.trim() || instructor.bio.trim() ? instructor : null,
});

export const OUTLINE_FIELDS = ['outcomes', 'syllabus', 'instructor'] as const;

/** The first message per dotted path of the outline's issues; the other fields' issues are the form's. */
export const outlineErrorsOf = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): OutlineErrors => {
  const errors: OutlineErrors = {};
  for (const issue of issues) {
    if (!(OUTLINE_FIELDS as readonly PropertyKey[]).includes(issue.path[0] ?? '')) continue;
    errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return errors;
};

/** Every row's key: its outcomes, modules and lessons. */
export const rowKeysOf = ({ outcomes, syllabus }: OutlineDraft): Set<string> =>
  new Set([
    ...outcomes.map((o) => o.key),
    ...syllabus.flatMap((m) => [m.key, ...m.lessons.map((l) => l.key)]),
  ]);

/** The keys of the rows something is typed in. */
export const filledRowKeysOf = ({ outcomes, syllabus }: OutlineDraft): string[] => [
  ...outcomes.filter((o) => o.text.trim()).map((o) => o.key),
  ...syllabus.flatMap((m) => [
    ...(m.title.trim() ? [m.key] : []),
    ...m.lessons.filter((l) => l.title.trim() || l.minutes.trim()).map((l) => l.key),
  ]),
];

/**
 * The messages without those of rows added since the last save and still empty: a row just added is not yet wrong
 * (after a refused save every new row came red at once). `known`: the rows there at the last save and those typed
 * in since (typed in and emptied again, a row is checked like the others).
 */
export const withoutNewEmptyRows = (
  errors: OutlineErrors,
  { outcomes, syllabus }: OutlineDraft,
  known: ReadonlySet<string>,
): OutlineErrors => {
  const waiting = (key: string, empty: boolean) => empty && !known.has(key);
  const kept: OutlineErrors = {};
  for (const [at, message] of Object.entries(errors)) {
    const [part, first, , second] = at.split('.');
    const outcome = part === 'outcomes' ? outcomes[Number(first)] : undefined;
    const module = part === 'syllabus' ? syllabus[Number(first)] : undefined;
    const lesson = module && second !== undefined ? module.lessons[Number(second)] : undefined;
    const emptyLesson = (l: LessonDraft) => !l.title.trim() && !l.minutes.trim();
    const hidden = lesson
      ? waiting(lesson.key, emptyLesson(lesson))
      : outcome
        ? waiting(outcome.key, !outcome.text.trim())
        : module
          ? waiting(module.key, !module.title.trim() && module.lessons.every(emptyLesson))
          : false;
    if (!hidden) kept[at] = message;
  }
  return kept;
};

/** Minutes of the lessons whose minutes are a number; the rest count as nothing until fixed. */
export const minutesOf = (lessons: readonly LessonDraft[]) =>
  lessons.reduce((sum, lesson) => {
    const minutes = toMinutes(lesson.minutes);
    return Number.isNaN(minutes) ? sum : sum + minutes;
  }, 0);

/** Moves the item at `index` by one place up (-1) or down (1). */
export const moved = <T>(items: readonly T[], index: number, by: -1 | 1): T[] => {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item === undefined) return next;
  next.splice(index + by, 0, item);
  return next;
};
