import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { uploadProblem } from '@coach/shared/constants/uploads';
import { adminGeneral } from '@coach/shared/contract/admin';
import { enterpriseGeneral, type UploadPurpose } from '@coach/shared/contract/general';
import { api } from './api.ts';
import type { Audience } from './session.ts';

/** The message of a failed PUT: the server's envelope message when there is one (spec §8), else the status. */
const putFailure = async (response: Response) => {
  let message = `The upload failed (${response.status})`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // An S3 error answers in XML; the status says enough.
  }
  return new ApiError({ status: response.status, message });
};

/**
 * Uploads one file: checks it against the purpose's rules, asks for a signed address, PUTs the bytes with the
 * signed headers (type, 30-day cache, public-read) and answers the file's address to save with the record.
 */
export const uploadFile = async (
  audience: Audience,
  purpose: UploadPurpose,
  file: File,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<string> => {
  const problem = uploadProblem(purpose, file);
  if (problem) throw new ApiError({ status: 422, message: problem, field: 'file' });
  const call =
    audience === 'admin'
      ? adminGeneral.putSignedRequestForUpload
      : enterpriseGeneral.putSignedRequestForUpload;
  const signed = await api.call(call, {
    purpose,
    fileName: file.name || 'file',
    fileType: file.type.toLowerCase(),
    fileSize: file.size,
  });
  let response: Response;
  try {
    response = await fetchImpl(signed.uploadUrl, { method: 'PUT', headers: signed.headers, body: file });
  } catch {
    throw new ApiError({ status: 0, message: GENERIC_ERROR_MESSAGE });
  }
  if (!response.ok) throw await putFailure(response);
  return signed.fileUrl;
};
