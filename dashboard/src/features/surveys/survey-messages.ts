import type { TOptions } from 'i18next';
import { formatNumber } from '../../i18n/format.ts';
import { currentLanguage, i18n } from '../../i18n/index.ts';
import { serverText } from '../../i18n/server-text.ts';

const t = (key: string, options: TOptions = {}) => i18n.t(`surveys:messages.${key}`, options);
const count = (value: string | undefined) => {
  const n = Number(value);
  return { count: n, value: formatNumber(n) };
};

/** "Assigned to 2 groups and 1 member" (the server's assign toast) in the language on screen. */
const assigned = (groups: string | undefined, members: string | undefined) => {
  if (groups && members)
    return t('assignedBoth', { groups: t('groups', count(groups)), members: t('members', count(members)) });
  if (groups) return t('assignedGroups', count(groups));
  if (members) return t('assignedMembers', count(members));
  return null;
};

/** A sentence of en/server.json in the language on screen, or null when it is not listed there. */
const listed = (message: string) => {
  const text = serverText(message);
  return text === message ? null : text;
};

const translate = (message: string): string | null => {
  const whole = listed(message);
  if (whole) return whole;
  let match = /^At most (\d+) (characters|questions|options)$/.exec(message);
  if (match) {
    const kind =
      match[2] === 'characters' ? 'Characters' : match[2] === 'questions' ? 'Questions' : 'Options';
    return t(`atMost${kind}`, { max: formatNumber(Number(match[1])) });
  }
  match = /^Please type your answer for "(.*)"$/s.exec(message);
  if (match) return t('typeOther', { option: match[1] });
  match = /^(\d+) responses? exported$/.exec(message);
  if (match) return t('exported', count(match[1]));
  match = /^Assigned to (?:(\d+) groups?)?(?: and )?(?:(\d+) members?)?$/.exec(message);
  if (match) return assigned(match[1], match[2]);
  // The server names the question a refused answer belongs to: "Please answer this question (How was it?)".
  match = /^(.+?) \((.*)\)$/s.exec(message);
  if (match?.[1]) {
    const problem = translate(match[1]);
    if (problem) return t('problemOf', { problem, question: match[2] });
  }
  return null;
};

/**
 * A survey message in the language on screen. The server's and the contract's fixed sentences (and the
 * answer rules of choice-rules.ts) are listed whole in server.json; the ones built with a number or a name ("At most
 * 200 characters", "Assigned to 2 groups and 1 member", "Please type your answer for "Other"", a refused answer
 * naming its question) are said here from en/surveys.json "messages". English stays exactly as it was written.
 */
export const surveyText = (message: string): string => {
  if (currentLanguage() === 'en') return message;
  const translated = translate(message);
  if (translated) return translated;
  // A 422 names its field first ("title: At most 200 characters"); the field is the API's word, not the reader's.
  const named = /^[\w.]+: (.+)$/s.exec(message)?.[1];
  return (named && translate(named)) || message;
};
