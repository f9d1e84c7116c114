import type { UploadPurpose } from '@coach/shared/contract/general';
import { anyRowNames, makeImageVariants, removeIfUnused } from '../content/image-variants.ts';
import { assertUploaded } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';

// A course's cover in storage: saved with its AVIF/WebP copies when a course takes it (add-course, edit-course),
// deleted with them when the last course naming it lets it go (delete-course, or edit-course replacing it or taking
// it off).

const COVER_PURPOSE: UploadPurpose = 'course-image';

/** A new cover: it must be the caller's finished course-image upload; its AVIF/WebP copies are made now (422 when unreadable). */
export const saveCover = async (ctx: ServiceContext, imageUrl: string) => {
  await assertUploaded(ctx, 'imageUrl', imageUrl, COVER_PURPOSE);
  const key = ctx.storage.keyOf(imageUrl);
  if (key) await makeImageVariants(ctx, { key, field: 'imageUrl' });
};

/**
 * A cover a course no longer names (the course was deleted, or edit-course replaced or took off its cover) goes from
 * storage with its AVIF/WebP copies, once no course names it: a colleague may have saved the same upload as another
 * course's cover (assertUploaded lets them), and the seed's covers are shared. Only a course cover of ours is deleted
 * (an address elsewhere, or a file stored for another purpose, is not the course's). Run after the change has
 * committed; a failure is logged under `call` and the call succeeds all the same (the file is only left over).
 */
export const removeCover = (
  ctx: ServiceContext,
  imageUrl: string | null,
  call: 'delete-course' | 'edit-course',
) =>
  removeIfUnused(ctx, imageUrl, {
    purpose: COVER_PURPOSE,
    call,
    what: 'cover',
    stillUsed: anyRowNames(ctx.db, [['courses', 'image_url']]),
  });
