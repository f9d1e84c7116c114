import type { Level } from '@coach/shared/constants/levels';
import { TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import type { TaskDraft } from '@coach/shared/contract/tasks';
import { coachUnavailable, validation } from '../../errors.ts';
import { CoachEngineError, type DraftableType } from '../../providers/coach.ts';
import { assertTaskTypeOn } from '../common/features.ts';
import type { ServiceContext } from '../context.ts';

const DEFAULT_LEVEL: Level = 2;

const draftable = (type: TaskType, field: string): DraftableType => {
  if (type === TASK_TYPES.video)
    throw validation(field, 'A Video task shows a video of the content library; pick the video instead');
  return type;
};

const draft = async (ctx: ServiceContext, input: Parameters<ServiceContext['coach']['draftTask']>[0]) => {
  try {
    return await ctx.coach.draftTask(input);
  } catch (error) {
    throw coachUnavailable(
      error instanceof CoachEngineError
        ? `${error.message}. Please try again.`
        : 'The coach could not be reached. Please try again.',
    );
  }
};

/** tasks/generate-content-task: one draft of `type` for the editor to fill in; nothing is saved. */
export const generateContentTask = async (
  ctx: ServiceContext,
  { type, topic, level }: { type: TaskType; topic: string; level?: Level | undefined },
) => {
  assertTaskTypeOn(ctx, type);
  const result = await draft(ctx, {
    type: draftable(type, 'type'),
    topic,
    level: level ?? DEFAULT_LEVEL,
    variant: 0,
  });
  ctx.setMessage('Draft ready: review it before saving');
  return { draft: result, engine: ctx.coach.kind };
};

/**
 * tasks/generate-ai-tasks: `count` drafts spread over the chosen types (each type in turn, each repeat a
 * different variant); nothing is saved, the author picks the drafts to add.
 */
export const generateAiTasks = async (
  ctx: ServiceContext,
  {
    topic,
    types,
    count,
    level,
  }: { topic: string; types: TaskType[]; count: number; level?: Level | undefined },
) => {
  const chosen = [...new Set(types)];
  chosen.forEach((type, index) => {
    draftable(type, `types.${index}`);
    assertTaskTypeOn(ctx, type);
  });
  const drafts: TaskDraft[] = [];
  for (let i = 0; i < count; i += 1) {
    const type = chosen[i % chosen.length] as DraftableType;
    drafts.push(
      await draft(ctx, {
        type,
        topic,
        level: level ?? DEFAULT_LEVEL,
        variant: Math.floor(i / chosen.length),
      }),
    );
  }
  ctx.setMessage(`${drafts.length} ${drafts.length === 1 ? 'draft' : 'drafts'} ready`);
  return { drafts, engine: ctx.coach.kind };
};
