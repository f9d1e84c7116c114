import { fillPath, paths } from '../../config/paths.ts';

export const groupDetailPath = (id: string) => fillPath(paths.enterprise.groupDetail, { id });
export const manageGroupPath = (id?: string) => fillPath(paths.enterprise.manageGroup, { id });
