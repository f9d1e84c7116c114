import { formatPrice } from '@coach/shared/constants/marketplace';
import type { CourseCard as Card } from '@coach/shared/contract/marketplace';
import { coursePath } from '../lib/links.ts';

/** One course in a grid: cover, category, title, provider, rating and price. Static HTML or island alike. */
export const CourseCard = ({ course }: { course: Card }) => (
  <article className="course-card">
    <a className="course-card__link" href={coursePath(course._id)}>
      <span className="course-card__cover">
        {course.courseImgUrl ? (
          <img src={course.courseImgUrl} alt="" width={640} height={360} loading="lazy" decoding="async" />
        ) : null}
        <span className="course-card__category">{course.category}</span>
      </span>
      <span className="course-card__body">
        <span className="course-card__title">{course.courseName}</span>
        <span className="course-card__provider">{course.courseProviderName}</span>
        <span className="course-card__meta">
          <span className="course-card__rating">
            <span aria-hidden="true">★ </span>
            <span className="visually-hidden">Rated </span>
            {course.rating.toFixed(1)}
            <span className="visually-hidden"> out of 5 from</span>{' '}
            <span className="course-card__count">({course.ratingCount} ratings)</span>
          </span>
          <span className="course-card__price">{formatPrice(course.priceCents, course.currency)}</span>
        </span>
        <span className="course-card__facts">
          {course.level} · {course.duration}
        </span>
      </span>
    </a>
  </article>
);
