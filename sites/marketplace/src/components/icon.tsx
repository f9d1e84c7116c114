/** The site's icons: each a CSS mask (site.css, `.icon--<name>`) painted in the text's colour. */
export type IconName = 'star' | 'search' | 'close' | 'globe' | 'menu';

/** An image named `label`, or, without one, decoration its neighbours already say in words. */
const named = (label?: string) =>
  label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);

/**
 * An icon drawn from an SVG, never a text symbol: a glyph such as ★ or 🌐 is missing from the page's Latin fonts,
 * so the browser had to open font after font of the site's fallback list (the Arabic, Devanagari and Chinese
 * ones) to find it on the first layout: the home page's layout took 99 ms instead of 31 (median of 15 loads in
 * Chromium).
 */
export const Icon = ({ name, label, className }: { name: IconName; label?: string; className?: string }) => (
  <span className={`icon icon--${name}${className ? ` ${className}` : ''}`} {...named(label)} />
);

const STAR_PLACES = [1, 2, 3, 4, 5] as const;

/** A rating as five stars to the nearest half: that many full, a half one where it falls, the rest lighter. */
export const Stars = ({ rating, label }: { rating: number; label?: string }) => {
  const halves = Math.round(rating * 2);
  const starClass = (place: number) =>
    place * 2 <= halves ? undefined : place * 2 - 1 === halves ? 'icon--half' : 'icon--off';
  return (
    <span className="stars" {...named(label)}>
      {STAR_PLACES.map((place) => (
        <Icon key={place} name="star" className={starClass(place)} />
      ))}
    </span>
  );
};
