import { myCourses } from 'virtual:light-contract/my-courses';
import { useEffect, useState } from 'react';
import { loadApi } from '../lib/load-api.ts';
import { signedInToken } from '../lib/signed-in.ts';

/** A signed-in learner's enrolment in the page's course; `inMyCourses`: the dashboard's My courses lists it. */
export type MyEnrolment = { enrolled: true; inMyCourses: boolean };

/** One question per course and page, whichever of its islands asks first. */
const asked = new Map<string, Promise<MyEnrolment | null>>();

/**
 * Asks the server, after the page has loaded, whether the signed-in learner is enrolled in the course. null when
 * nobody is signed in (then nothing is asked, nor the API client loaded), when they are not enrolled, and when
 * the question fails (an expired session's 401 too): the static page then stays exactly as built.
 */
export const myEnrolment = (courseId: string): Promise<MyEnrolment | null> => {
  const token = signedInToken();
  if (!token) return Promise.resolve(null);
  const known = asked.get(courseId);
  if (known) return known;
  const answer = loadApi()
    .then(({ browserApi }) => browserApi.call(myCourses.enrolment, { courseId }, { token }))
    .then(
      ({ enrolled, inMyCourses }): MyEnrolment | null => (enrolled ? { enrolled, inMyCourses } : null),
      () => null,
    );
  asked.set(courseId, answer);
  return answer;
};

/** The learner's enrolment once known; null until then and whenever the page should stay as built. */
export const useMyEnrolment = (courseId: string) => {
  const [enrolment, setEnrolment] = useState<MyEnrolment | null>(null);
  useEffect(() => {
    let current = true;
    void myEnrolment(courseId).then((found) => {
      if (current) setEnrolment(found);
    });
    return () => {
      current = false;
    };
  }, [courseId]);
  return enrolment;
};
