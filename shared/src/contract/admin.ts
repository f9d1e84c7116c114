import { z } from 'zod';
import { enterpriseRowSchema } from './admin-enterprises.ts';
import { adminDashboardSchema } from './admin-reports.ts';
import { adminUserSchema } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, isoDate, optionalQuery, paged, queryInt, searchText } from './envelope.ts';
import { signedUploadRequest, signedUploadResponse, updateProfileImageRequest } from './general.ts';

const A = API_BASE.admin;

/** A coach, as users/get-coachs lists them for the content editor. */
export const coachSchema = z.object({ _id: id(), name: z.string() });

/** The admin dashboard's date range and optional enterprise (spec §7: query string built from an object). */
export const adminDashboardQuery = z
  .strictObject({
    enterpriseId: optionalQuery(id()),
    startDate: optionalQuery(isoDate()),
    endDate: optionalQuery(isoDate()),
  })
  .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  });

/** Admin calls beyond auth.ts (spec §7, admin base). Platform admins have no permission keys (spec §6). */
export const adminGeneral = {
  updateProfileImage: defineCall({
    method: 'POST',
    path: `${A}/general/auth/updateprofileimage`,
    auth: 'admin',
    permission: null,
    request: updateProfileImageRequest,
    response: adminUserSchema,
  }),
  putSignedRequestForUpload: defineCall({
    method: 'POST',
    path: `${A}/general/put-signed-request-for-upload-to-s3`,
    auth: 'admin',
    permission: null,
    request: signedUploadRequest,
    response: signedUploadResponse,
  }),
  /** No body (spec §7); answers with what it synchronised, or says no push service is configured. */
  syncFirebaseData: defineCall({
    method: 'POST',
    path: `${A}/general/sync-firebase-data`,
    auth: 'admin',
    permission: null,
    request: empty(),
    response: z.object({ configured: z.boolean(), synchronised: z.number().int() }),
  }),
  getCoachs: defineCall({
    method: 'POST',
    path: `${A}/users/get-coachs`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ search: searchText() }),
    response: z.array(coachSchema),
  }),
  getEnterpriseList: defineCall({
    method: 'GET',
    path: `${A}/enterprise/get-enterprise-list`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ searchInput: searchText(), currentPage: queryInt({ min: 1 }).default(1) }),
    response: paged(enterpriseRowSchema),
  }),
  myDashboard: defineCall({
    method: 'GET',
    path: `${A}/general/my-dashboard`,
    auth: 'admin',
    permission: null,
    request: adminDashboardQuery,
    response: adminDashboardSchema,
  }),
};
