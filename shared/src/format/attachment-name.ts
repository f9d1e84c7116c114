/** Characters of an attachment name shown (spec §5). */
export const ATTACHMENT_NAME_LENGTH = 12;

/**
 * An attachment's display name: the file name without its extension, cut to 12 characters (spec §5).
 * Only the last extension goes ('a.b.pdf' -> 'a.b'); a leading dot is not an extension ('.env' stays);
 * a path or URL keeps only its last segment.
 */
export const attachmentName = (fileName: string | null | undefined, max = ATTACHMENT_NAME_LENGTH): string => {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return Array.from(stem).slice(0, max).join('');
};
