import type { UploadPurpose } from '../contract/general.ts';
import { fileSize } from '../format/file-size.ts';
import { hasPermission, isAdminRoleName, PERMISSION_LABELS, type PermissionKey } from '../permissions.ts';
import type { FeatureFlagKey } from './features.ts';

const MB = 1024 * 1024;
const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const IMAGE_KINDS = 'a PNG, JPEG or WebP image';

/**
 * Who may ask for an upload address for a purpose (so that a learner cannot sign addresses for 1 GB videos).
 * In an enterprise: any member (`member`: their own avatar, a learner's recordings), the role named admin
 * (`admin-role`, as Settings and Courses need) or a role with the permission key of the screen that keeps the
 * file; `feature` must be on for the enterprise as well. `platformAdmin`: the platform admin's area uses it.
 */
export type UploadAccess = {
  enterprise: 'member' | 'admin-role' | PermissionKey;
  feature?: FeatureFlagKey;
  platformAdmin: boolean;
};

export type UploadRule = {
  types: readonly string[];
  maxBytes: number;
  /** What the purpose accepts, for messages: 'a PNG, JPEG or WebP image up to 5 MB'. */
  label: string;
  /** What the files are, for refusals: 'Uploading videos needs …'. */
  noun: string;
  access: UploadAccess;
};

/** The label says the limit the server enforces, so the two cannot drift apart. */
const rule = (
  kinds: string,
  types: readonly string[],
  maxBytes: number,
  noun: string,
  access: UploadAccess,
) => ({
  types,
  maxBytes,
  label: `${kinds} up to ${fileSize(maxBytes)}`,
  noun,
  access,
});

/**
 * What each upload purpose accepts, and who may ask for it. The server enforces these when it signs an address
 * (who, type, size), again when the bytes arrive (their magic numbers must match the declared type), and when
 * the file is used; the browser checks type and size first to answer at once. Size caps: images 5 MB (a logo
 * 2 MB), attachments 20 MB, recordings 50 MB, videos 1 GB, subtitles 1 MB.
 */
export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  avatar: rule(IMAGE_KINDS, IMAGES, 5 * MB, 'profile pictures', {
    enterprise: 'member',
    platformAdmin: true,
  }),
  logo: rule(IMAGE_KINDS, IMAGES, 2 * MB, 'logos', { enterprise: 'admin-role', platformAdmin: false }),
  'course-image': rule(IMAGE_KINDS, IMAGES, 5 * MB, 'course images', {
    enterprise: 'admin-role',
    feature: 'enableCourseFeature',
    platformAdmin: false,
  }),
  'content-thumbnail': rule(IMAGE_KINDS, IMAGES, 5 * MB, 'video thumbnails', {
    enterprise: 'content-library',
    platformAdmin: true,
  }),
  'task-attachment': rule('a PDF or an image', [...IMAGES, 'application/pdf'], 20 * MB, 'task attachments', {
    enterprise: 'task-library',
    feature: 'enableTaskAttachmentUpload',
    platformAdmin: true,
  }),
  'task-recording': rule(
    'an audio recording',
    ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4'],
    50 * MB,
    'recordings',
    { enterprise: 'member', platformAdmin: false },
  ),
  'content-video': rule('an MP4 or WebM video', ['video/mp4', 'video/webm'], 1024 * MB, 'videos', {
    enterprise: 'content-library',
    platformAdmin: true,
  }),
  'content-subtitle': rule('a WebVTT subtitle file', ['text/vtt'], 1 * MB, 'subtitles', {
    enterprise: 'content-library',
    platformAdmin: true,
  }),
};

/** The asker of an upload address: the platform admin, or an enterprise member with their role. */
export type Uploader =
  | { audience: 'admin' }
  | { audience: 'enterprise'; permissions: readonly string[]; isDefaultAdmin: boolean; roleName: string };

/**
 * Why this person may not ask for an address for the purpose (the 403 message), or null when they may. The
 * purpose's feature flag is checked apart, as every feature is (403 FEATURE_DISABLED).
 */
export const uploadRefusal = (purpose: UploadPurpose, who: Uploader): string | null => {
  const { access, noun } = UPLOAD_RULES[purpose];
  if (who.audience === 'admin')
    return access.platformAdmin ? null : `The platform admin area does not upload ${noun}`;
  const { enterprise } = access;
  if (enterprise === 'member') return null;
  if (enterprise === 'admin-role')
    return who.isDefaultAdmin || isAdminRoleName(who.roleName)
      ? null
      : `Uploading ${noun} needs the admin role`;
  return hasPermission({ permissions: who.permissions, isDefaultAdmin: who.isDefaultAdmin, key: enterprise })
    ? null
    : `Uploading ${noun} needs the ${PERMISSION_LABELS[enterprise]} permission`;
};

/**
 * Per-user rate of upload requests (signed addresses and read documents): so many in so many minutes. A learner
 * uploads each take of a Pronunciation task as it is recorded, and a task has up to 100 items, so the limit
 * lets one such task through at a brisk pace (one take every 5 seconds) while a script is stopped.
 */
export const UPLOAD_RATE = { limit: 120, windowMinutes: 10 } as const;

/** Each enterprise's storage quota unless STORAGE_QUOTA_MB or the enterprise's own quota says otherwise. */
export const DEFAULT_STORAGE_QUOTA_MB = 10 * 1024;

/** The extension a stored file gets, from its type (the user's file name is never used). */
export const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'text/vtt': 'vtt',
  'text/plain': 'txt',
};

/**
 * A file type as people know it, for messages: its usual extension in capitals ('image/png' → 'PNG', 'audio/mpeg' →
 * 'MP3'), not the media type a learner has never seen; an unknown type stays as it is.
 */
export const fileKindOf = (type: string) => EXTENSION_OF_TYPE[type.toLowerCase()]?.toUpperCase() ?? type;

/** Why a file cannot be uploaded for a purpose, or null when it can (the browser's early check). */
export const uploadProblem = (purpose: UploadPurpose, file: { type: string; size: number }) => {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.types.includes(file.type.toLowerCase())) return `Please choose ${rule.label}`;
  if (file.size === 0) return 'The file is empty';
  if (file.size > rule.maxBytes) return `Please choose ${rule.label}`;
  return null;
};
