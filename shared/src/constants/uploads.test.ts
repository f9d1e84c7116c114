import { describe, expect, it } from 'vitest';
import { UPLOAD_PURPOSES } from '../contract/general.ts';
import { fileSize } from '../format/file-size.ts';
import { fileKindOf, UPLOAD_RULES, uploadProblem, uploadRefusal } from './uploads.ts';

const member = (permissions: string[], roleName = 'Staff') =>
  ({ audience: 'enterprise', permissions, isDefaultAdmin: false, roleName }) as const;

describe('upload rules', () => {
  it('every label states the limit the server enforces, so the browser says the same', () => {
    for (const purpose of UPLOAD_PURPOSES) {
      const { label, maxBytes } = UPLOAD_RULES[purpose];
      expect(label.endsWith(`up to ${fileSize(maxBytes)}`), purpose).toBe(true);
      expect(uploadProblem(purpose, { type: UPLOAD_RULES[purpose].types[0] ?? '', size: maxBytes + 1 })).toBe(
        `Please choose ${label}`,
      );
    }
  });

  it('videos need Content Library or the platform admin; a learner records and sets an avatar', () => {
    const learner = member(['dashboard'], 'Learner');
    expect(uploadRefusal('content-video', learner)).toBe(
      'Uploading videos needs the Content Library permission',
    );
    expect(uploadRefusal('content-video', member(['content-library']))).toBeNull();
    expect(uploadRefusal('content-video', { audience: 'admin' })).toBeNull();
    expect(uploadRefusal('task-recording', learner)).toBeNull();
    expect(uploadRefusal('avatar', learner)).toBeNull();
    expect(uploadRefusal('task-attachment', learner)).toBe(
      'Uploading task attachments needs the Tasks Library permission',
    );
    expect(uploadRefusal('logo', member(['members']))).toBe('Uploading logos needs the admin role');
    expect(uploadRefusal('logo', member([], 'Admin'))).toBeNull();
    expect(uploadRefusal('course-image', { ...learner, isDefaultAdmin: true })).toBeNull();
    expect(uploadRefusal('task-recording', { audience: 'admin' })).toBe(
      'The platform admin area does not upload recordings',
    );
  });
});

describe('fileKindOf', () => {
  it('names a file type as people know it, by its extension', () => {
    expect(fileKindOf('image/png')).toBe('PNG');
    expect(fileKindOf('audio/mpeg')).toBe('MP3');
    expect(fileKindOf('application/x-unknown')).toBe('application/x-unknown');
  });
});
