import { courseReviews, REVIEW_COMMENT_MAX } from 'virtual:light-contract/course-reviews';
import type { LanguageCode } from '@coach/shared/constants/languages';
import type { CourseReview } from '@coach/shared/contract/marketplace';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Icon } from '../components/icon.tsx';
import { formatNumber, t } from '../i18n/format.ts';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { coursePath, signInPath } from '../lib/links.ts';
import { loadApi } from '../lib/load-api.ts';
import { signedInToken } from '../lib/signed-in.ts';
import { notify } from './toasts.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'not-enrolled' }
  | { kind: 'enrolled'; review: CourseReview | null; editing: boolean }
  | { kind: 'error'; message: string };

const STAR_KEYS = ['star1', 'star2', 'star3', 'star4', 'star5'] as const;

/**
 * Writing a review on a course page: only a learner enrolled in the course (a paid enrolment
 * under their account's email) may, once, and may edit it. Signed out, it offers the sign-in that returns here.
 */
export const CourseReviewForm = ({
  courseId,
  lang,
  strings: s,
}: {
  courseId: string;
  lang: LanguageCode;
  strings: Messages['review'];
}) => {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const token = signedInToken();
    if (!token) {
      setState({ kind: 'signed-out' });
      return;
    }
    void loadApi().then(({ browserApi, ApiError }) =>
      browserApi.call(courseReviews.getMyReview, { courseId }, { token }).then(
        ({ enrolled, review }) => {
          if (!enrolled) return setState({ kind: 'not-enrolled' });
          setRating(review?.rating ?? 0);
          setComment(review?.comment ?? '');
          setState({ kind: 'enrolled', review, editing: review === null });
        },
        (failure: unknown) => {
          if (failure instanceof ApiError && failure.status === 401) return setState({ kind: 'signed-out' });
          setState({
            kind: 'error',
            message: failure instanceof ApiError ? failure.message : s.genericError,
          });
        },
      ),
    );
  }, [courseId, s]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const token = signedInToken();
    if (!token) return setState({ kind: 'signed-out' });
    if (rating < 1) return setError(s.chooseRating);
    setError(null);
    setBusy(true);
    const { browserApi, ApiError } = await loadApi();
    try {
      const review = await browserApi.call(
        courseReviews.saveReview,
        { courseId, rating, comment },
        { token },
      );
      setState({ kind: 'enrolled', review, editing: false });
      notify.success(s.saved);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : s.genericError);
    } finally {
      setBusy(false);
    }
  };

  if (state.kind === 'loading') return null;
  if (state.kind === 'error') return <p className="review-form__note">{state.message}</p>;
  if (state.kind === 'signed-out')
    return (
      <p className="review-form__note">
        {s.enrolledQuestion} <a href={signInPath(lang, localePath(lang, coursePath(courseId)))}>{s.signIn}</a>
      </p>
    );
  if (state.kind === 'not-enrolled') return <p className="review-form__note">{s.notEnrolled}</p>;
  if (!state.editing && state.review)
    return (
      <div className="review-form">
        <p className="review-form__note">
          {t(s, 'yours', { rating: formatNumber(lang, state.review.rating) })}
          {state.review.comment ? ` · “${state.review.comment}”` : ''}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setState({ ...state, editing: true })}
        >
          {s.edit}
        </button>
      </div>
    );
  return (
    <form className="review-form" onSubmit={save} noValidate>
      <h3 className="review-form__title">{state.review ? s.edit : s.write}</h3>
      <fieldset className="review-form__stars">
        <legend>{s.yourRating}</legend>
        {STAR_KEYS.map((key, i) => (
          <label key={key} className={`star ${i < rating ? 'star--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={i + 1}
              checked={rating === i + 1}
              onChange={() => setRating(i + 1)}
            />
            <Icon name="star" />
            <span className="visually-hidden">{s[key]}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{s.comment}</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {error ? (
        <p className="review-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="review-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? s.saving : s.save}
        </button>
        {state.review ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setState({ ...state, editing: false })}
          >
            {s.cancel}
          </button>
        ) : null}
      </p>
    </form>
  );
};
