import type { UploadPurpose } from '@coach/shared/contract/general';
import { uploadFile } from '../../lib/upload.ts';

/**
 * The admin's signed upload with progress: the same checks and signed PUT as uploadFile, sent through
 * XMLHttpRequest because fetch reports no upload progress. `onProgress` gets 0-100.
 */
export const uploadWithProgress = (
  purpose: UploadPurpose,
  file: File,
  onProgress: (percent: number) => void,
) =>
  uploadFile(
    'admin',
    purpose,
    file,
    (input, init) =>
      new Promise<Response>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(init?.method ?? 'PUT', String(input));
        for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>))
          xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
        };
        xhr.onload = () => {
          onProgress(100);
          resolve(new Response(xhr.responseText || null, { status: xhr.status }));
        };
        xhr.onerror = () => reject(new Error('network'));
        xhr.send(init?.body as XMLHttpRequestBodyInit);
      }),
  );

/** The length of a local video file in whole seconds, or null when the browser cannot tell. */
export const videoFileSeconds = (file: File) =>
  new Promise<number | null>((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? Math.round(video.duration) : null);
    video.onerror = () => done(null);
    video.src = url;
  });
