import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { fileUrlField } from './envelope.ts';

/** A file part of a multipart body. */
export const fileField = () =>
  z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
    message: 'Please choose a file',
  });

/**
 * POST /api/v1/public/readTypeUpload (spec §7): a document for a Read task, as a multipart form. The server
 * names the stored file, checks its bytes against its type and answers with the attachment and its text.
 */
export const readTypeUpload = defineCall({
  method: 'POST',
  path: `${API_BASE.public}/readTypeUpload`,
  auth: 'enterprise',
  permission: null,
  multipart: true,
  request: z.strictObject({ file: fileField() }),
  response: z.object({
    fileUrl: fileUrlField(),
    fileName: z.string(),
    fileType: z.string(),
    fileSize: z.number().int(),
    /** The text read from the document, for the Read task's passage. */
    text: z.string().optional(),
  }),
});

export const uploads = { readTypeUpload };
