/** A person's picture, or their initials when there is none (styles in ui.css). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export const Avatar = ({
  name,
  url,
  size = 'md',
}: {
  name: string;
  url: string | null;
  size?: 'md' | 'lg';
}) =>
  url ? (
    <img className={`avatar avatar--${size}`} src={url} alt="" />
  ) : (
    <span className={`avatar avatar--${size} avatar--initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
