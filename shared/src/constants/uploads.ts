import type { UploadPurpose } from '../contract/general.ts';

const MB = 1024 * 1024;
const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * What each upload purpose accepts: MIME types and the size limit in bytes. The server enforces these when it
 * signs an address, again when the bytes arrive (their magic numbers must match the declared type), and when
 * the file is used; the browser checks them first to answer at once.
 */
export const UPLOAD_RULES: Record<
  UploadPurpose,
  { types: readonly string[]; maxBytes: number; label: string }
> = {
  avatar: { types: IMAGES, maxBytes: 5 * MB, label: 'a PNG, JPEG or WebP image up to 5 MB' },
  logo: { types: IMAGES, maxBytes: 2 * MB, label: 'a PNG, JPEG or WebP image up to 2 MB' },
  'course-image': { types: IMAGES, maxBytes: 5 * MB, label: 'a PNG, JPEG or WebP image up to 5 MB' },
  'content-thumbnail': { types: IMAGES, maxBytes: 5 * MB, label: 'a PNG, JPEG or WebP image up to 5 MB' },
  'task-attachment': {
    types: [...IMAGES, 'application/pdf'],
    maxBytes: 20 * MB,
    label: 'a PDF or an image up to 20 MB',
  },
  'task-recording': {
    types: ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4'],
    maxBytes: 50 * MB,
    label: 'an audio recording up to 50 MB',
  },
  'content-video': {
    types: ['video/mp4', 'video/webm'],
    maxBytes: 1024 * MB,
    label: 'an MP4 or WebM video up to 1 GB',
  },
  'content-subtitle': { types: ['text/vtt'], maxBytes: 1 * MB, label: 'a WebVTT subtitle file up to 1 MB' },
};

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

/** Why a file cannot be uploaded for a purpose, or null when it can (the browser's early check). */
export const uploadProblem = (purpose: UploadPurpose, file: { type: string; size: number }) => {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.types.includes(file.type.toLowerCase())) return `Please choose ${rule.label}`;
  if (file.size === 0) return 'The file is empty';
  if (file.size > rule.maxBytes) return `Please choose ${rule.label}`;
  return null;
};
