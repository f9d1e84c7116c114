import type { PermissionKey } from '@coach/shared/permissions';

/** A screen of spec §2 whose feature ships in a later release: shown in the layout with an honest note. */
export type ComingLaterScreen = {
  path: string;
  title: string;
  summary: string;
  note: string;
  /** Enterprise permission key of spec §2 (null = login only). */
  permission: PermissionKey | null;
};

/** Every enterprise screen of spec §2 is built; a screen planned for later would be listed here. */
export const ENTERPRISE_COMING_LATER: ComingLaterScreen[] = [];

/** Public screens still to come (none: the privacy and terms pages are built, issue 17). */
export const PUBLIC_COMING_LATER: Omit<ComingLaterScreen, 'permission'>[] = [];
