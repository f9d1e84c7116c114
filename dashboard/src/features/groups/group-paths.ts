import { paths } from '../../config/paths.ts';

export const groupDetailPath = (id: string) =>
  paths.enterprise.groupDetail.replace(':id', encodeURIComponent(id));
export const manageGroupPath = (id?: string) =>
  paths.enterprise.manageGroup.replace('/:id?', id ? `/${encodeURIComponent(id)}` : '');
