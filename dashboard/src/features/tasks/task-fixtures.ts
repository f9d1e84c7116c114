import type { Task } from '@coach/shared/contract/tasks';
import type { FakeHandler } from '../../testing/fake-server.ts';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { verifiedSession } from '../../testing/render-app.tsx';

/** Tests of the task screens: an author's session and tasks as the server lists them. */
export const TASKS_API = '/api/v1/enterprise/tasks';
export const FOLDERS_API = '/api/v1/enterprise/task-folders';

export const authorSession = () => verifiedSession(fakeToken(86400));

/** Routes every signed-in page needs, for an author whose role has the task library. */
export const signedInAuthor = (): Record<string, FakeHandler> => ({
  'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['task-library'] })),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
});

const meta = {
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 0,
  completedCount: 0,
  groupIds: [] as string[],
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  category: 'Communication' as const,
  level: 1 as const,
  timeMinutes: 10 as const,
  expirySeconds: 604800 as const,
  attachments: [],
};

/** A Read task; pass fields to change it (a whole other type's fields for the other types). */
export const makeTask = (overrides: Partial<Task> & { _id: string; title: string }): Task =>
  ({
    ...meta,
    type: 1,
    passage: 'Read this passage aloud.',
    ...overrides,
  }) as Task;

/** The assign pickers' people search (tasks/get-assignable-people): these groups, or these members. */
export const assignablePeople =
  ({
    groups = [],
    members = [],
  }: {
    groups?: { _id: string; name: string; memberCount: number }[];
    members?: { _id: string; name: string; email: string }[];
  }): FakeHandler =>
  (query) =>
    ok(
      query.kind === 'groups'
        ? groups.map((group) => ({ ...group, email: null }))
        : members.map((member) => ({ ...member, memberCount: null })),
    );
