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

/** A page of people as members/get-members answers. */
export const membersPage = (people: { _id: string; name: string; email: string }[]) =>
  ok({
    currentPage: 1,
    totalPages: 1,
    listdata: people.map((person) => ({
      ...person,
      role: { _id: 'r1', name: 'Learner' },
      groups: [],
      status: 'Active',
      lastActiveAt: null,
      isDefaultAdmin: false,
      invitePending: false,
    })),
  });

/** A page of groups as groups/get-groups answers. */
export const groupListPage = (groups: { _id: string; name: string; memberCount: number }[]) =>
  ok({
    currentPage: 1,
    totalPages: 1,
    listdata: groups.map((group) => ({ ...group, createdAt: '2026-01-01T00:00:00.000Z' })),
  });
