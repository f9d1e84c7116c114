import type { LanguageCode } from '@coach/shared/constants/languages';
import type { CourseCard as Card } from '@coach/shared/contract/marketplace';
import { formatNumber, formatPriceIn, plural } from '../i18n/format.ts';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { coursePath } from '../lib/links.ts';
import { categoryName, durationText, levelName } from './course-facts.ts';
import { CARD_COVER_SIZES, CoverPicture } from './cover-picture.tsx';
import { Icon } from './icon.tsx';

/** One course in a grid: cover, category, title, provider, rating and price. Static HTML or island alike. */
export const CourseCard = ({
  course,
  lang,
  strings,
}: {
  course: Card;
  lang: LanguageCode;
  strings: Messages['card'];
}) => {
  const rating = formatNumber(lang, course.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <article className="course-card">
      <a className="course-card__link" href={localePath(lang, coursePath(course._id))}>
        <span className="course-card__cover">
          {course.courseImgUrl ? (
            <CoverPicture
              url={course.courseImgUrl}
              variants={course.courseImgVariants}
              sizes={CARD_COVER_SIZES}
            />
          ) : null}
          <span className="course-card__category" dir="auto">
            {categoryName(strings, course.category)}
          </span>
        </span>
        <span className="course-card__body">
          {/* Names as their institution wrote them, each in its own direction (an English title on an Arabic page). */}
          <span className="course-card__title" dir="auto">
            {course.courseName}
          </span>
          <span className="course-card__provider" dir="auto">
            {course.courseProviderName}
          </span>
          <span className="course-card__meta">
            {course.ratingCount === 0 ? (
              // "★ 0.0 (0 ratings)" read as a poor course: a new one is simply not rated yet.
              <span className="course-card__rating">{strings.notRated}</span>
            ) : (
              <span className="course-card__rating">
                <span aria-hidden="true">
                  <Icon name="star" /> {rating}{' '}
                  <span className="course-card__count">
                    ({plural(strings, lang, 'ratings', course.ratingCount)})
                  </span>
                </span>
                <span className="visually-hidden">
                  {plural(strings, lang, 'rated', course.ratingCount, { rating })}
                </span>
              </span>
            )}
            <span className="course-card__price">
              {formatPriceIn(lang, course.priceCents, course.currency, strings.free)}
            </span>
          </span>
          <span className="course-card__facts">
            {levelName(strings, course.level)} · {durationText(strings, lang, course.duration)}
          </span>
        </span>
      </a>
    </article>
  );
};
