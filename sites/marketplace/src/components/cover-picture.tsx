// Only a type from the contract: its value would bring zod into every island that shows a cover.
import { IMAGE_VARIANT_TYPES } from '@coach/shared/constants/marketplace';
import type { ImageVariants } from '@coach/shared/contract/marketplace';

/**
 * How wide a course card's cover is shown, for the browser to pick a copy (site.css: cards of at least 250 px in
 * a grid with 24 px gaps, inside a section padded 24 px, 16 px below 480 px): one column up to 571 px, two up to
 * 899 px, and from 900 px three or four columns, none wider than 340 px.
 */
export const CARD_COVER_SIZES =
  '(max-width: 571px) calc(100vw - 32px), (max-width: 899px) calc(50vw - 36px), 340px';

/**
 * How wide the course page's cover is shown: the page's width less its padding up to 900 px, then the wider of
 * the page's two columns (1.6fr of 1,180 px less gaps and padding, 667 px).
 */
export const COURSE_COVER_SIZES = '(max-width: 900px) calc(100vw - 32px), 670px';

/**
 * A course cover: its AVIF and WebP copies in a `<picture>`, each format with every width it
 * has, over the original as the fallback `<img>`, whose width and height keep the space before it loads. Without
 * copies (a cover saved before they were made), the original alone. Below the fold it loads lazily and decodes
 * off the main thread; `eager` (the course page's first visible cover) loads at once, first among images.
 */
export const CoverPicture = ({
  url,
  variants,
  sizes,
  className,
  eager = false,
}: {
  url: string;
  variants: ImageVariants | null;
  sizes: string;
  className?: string | undefined;
  eager?: boolean;
}) => {
  const img = (
    <img
      className={className}
      src={url}
      alt=""
      width={variants?.width ?? 640}
      height={variants?.height ?? 360}
      {...(eager
        ? { fetchPriority: 'high' as const }
        : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  );
  if (!variants || variants.variants.length === 0) return img;
  return (
    <picture>
      {IMAGE_VARIANT_TYPES.map((type) => {
        const copies = variants.variants.filter((v) => v.type === type);
        return copies.length > 0 ? (
          <source
            key={type}
            type={type}
            srcSet={copies.map((v) => `${v.url} ${v.width}w`).join(', ')}
            sizes={sizes}
          />
        ) : null;
      })}
      {img}
    </picture>
  );
};
