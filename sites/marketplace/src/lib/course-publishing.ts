/**
 * A course published a moment ago is on sale before its page is: the server rebuilds the site in the background
 * (10-40 s), and until then the course's address answers the 404 page. That page asks the API whether the course
 * is on sale; if it is, it says the page is coming and looks again shortly, instead of telling the visitor the
 * course may have been unpublished.
 */

/** The course id of a course page's address (in any language), or null for any other address. */
export const coursePageId = (pathname: string): string | null => {
  const id = /\/marketplace\/course-detail\/([^/?#]+)\/?$/.exec(pathname)?.[1];
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
};

/** How long the page waits before looking again, and how many looks a tab makes for one course (two minutes). */
export const LOOK_AGAIN_MS = 5000;
export const MAX_LOOKS = 24;

/**
 * At `pathname`, with `looks` made already in this tab: whether the course is on sale with its page still being
 * built, in which case `comingSoon` has been called and the caller reloads after LOOK_AGAIN_MS. A course not on sale
 * (or an API that does not answer) leaves the 404 page as it is.
 */
export const awaitCoursePage = async ({
  pathname,
  looks,
  onSale,
  comingSoon,
}: {
  pathname: string;
  looks: number;
  onSale: (courseId: string) => Promise<boolean>;
  comingSoon: () => void;
}): Promise<boolean> => {
  const courseId = coursePageId(pathname);
  if (!courseId || looks >= MAX_LOOKS) return false;
  if (!(await onSale(courseId).catch(() => false))) return false;
  comingSoon();
  return true;
};
