import type { LegalKind } from '@coach/shared/contract/legal';

/**
 * The platform's default privacy policy and terms, shown until a platform admin saves their
 * own. They say what this server really keeps and for how long: a change to what is stored should change
 * them too (sessions: SESSION_LIFETIME_MS in session.ts; recordings: task_assignments and recording_analyses).
 */
export const DEFAULT_LEGAL_UPDATED_AT = '2026-11-28T00:00:00.000Z';

const PRIVACY_POLICY = `This policy explains what the Coach speaking-coach platform stores about you when your organisation
gives you an account, why, and for how long. Your organisation (the enterprise that invited you) decides
how the platform is used and is responsible for your data; we run the platform for it.

## What we store

**Your contact details.** Your name, email address and, if you give one, your mobile number; your
profile picture if you upload one; your role and the groups your organisation puts you in; your
timezone if you choose one. We use them to sign you in, to send you sign-in codes and password links,
and to show your organisation who you are.

**Your recordings.** When a task asks you to speak (reading aloud, pronunciation, question and answer,
interview practice), the platform stores the audio you record as a file, with the task attempt it
belongs to.

**The speech analysis of your recordings.** Each recording is turned into text by a speech-recognition
engine, and the platform measures it: the words heard, your speaking pace, pauses, filler words and a
pronunciation score, and, in interview practice, the coach's replies and summary. These results are
stored with the attempt. Unless your organisation has configured an outside speech or coaching service,
this processing happens on the platform's own server and your audio is not sent anywhere else.

**Your work on tasks and videos.** The tasks assigned to you, your answers, scores, feedback from
reviewers, when you completed them, and which videos you watched and how far.

**Usage.** The days on which you were active, and a record of security-relevant actions (for example a
password change or a sign-in as your organisation by a platform administrator).

**Sessions.** Each time you sign in we keep a session record: the device and browser it came from, its
IP address, when it started and when it was last used. The browser keeps a sign-in token in its local
storage; we set no advertising or tracking cookies.

## How long we keep it

- A sign-in lasts at most **30 days**, after which you must sign in again. You can end any session
  earlier from your profile. The session record itself is kept with your account.
- Sign-in codes expire within minutes and can be used once; password-reset links can be used once and
  expire soon after they are sent.
- **Recordings and their analysis are kept with the task attempt** they belong to, with no automatic
  time limit. Deleting a task you have answered only archives it: your attempt stays. When your account is
  removed, your attempts and their analysis are deleted with it; the audio files themselves stay in your
  organisation's file storage until your organisation or the platform operator deletes them.
- Your contact details, task results, video progress and usage records are likewise kept **until your
  organisation deletes them or your account is removed**.

## Who can see it

People in your organisation whose role allows it (for example to review tasks or view reports) can see
your recordings, results and usage. Platform administrators can see it to operate and support the
platform. Your organisation's administrators may also connect its own systems (an HR system, for
example) through API keys: such a system reads or changes only what its key's permissions allow, and
each of its requests is recorded. We do not sell your data or use it for advertising.

If your organisation connects its other systems (webhooks or a learning record store, in its settings), the
platform sends them notice of your activity as it happens: which task, recording, video or survey, with ids;
a learning record store also gets your name, your email address and your speech scores. What those systems
keep is your organisation's to decide. The platform keeps a log of what it sent (ids, not your answers).

## Your choices

You can change your name, mobile number, picture and timezone on your profile, and end your sessions
there. To have your data corrected or deleted, ask your organisation's administrator; they can remove
your account.

## Changes

When this policy changes, the date at the top of this page changes with it.
`;

const TERMS = `These terms apply to everyone who uses the Coach speaking-coach platform through an account their
organisation has given them.

## Your account

Your organisation creates your account and decides your role and what you can use. Keep your password
to yourself and use the second sign-in step each time you are asked. Tell your organisation's
administrator if you think someone else has used your account.

## Using the platform

Use the platform for the learning and coaching your organisation intends. Do not upload anything you
have no right to share, anything unlawful, or anything meant to harm the platform or other people.
Recordings you make should be of your own voice, for your own tasks.

## Your content

What you record and write stays yours and your organisation's. You allow the platform to store it,
analyse it (speech recognition, pace, pronunciation and the coach's feedback) and show it to the people
in your organisation whose role lets them see it, as the Privacy Policy describes.

## Feedback from the coach

Scores, transcripts and feedback are produced automatically and can be wrong. They are there to help you
practise, not to decide anything about you on their own.

## Availability and changes

We work to keep the platform available but cannot promise it will never be interrupted. Features can be
switched on or off by your organisation. When these terms change, the date at the top of this page
changes with it.

## Ending

Your organisation can deactivate or remove your account at any time. What happens to your data then is
described in the Privacy Policy.
`;

/**
 * The texts above are wrapped to fit this file; an editor should see one line per paragraph and list item, so
 * lines that continue a paragraph (or an indented list item) are joined to it.
 */
const unwrap = (markdown: string) =>
  markdown
    .split('\n')
    .reduce<string[]>((lines, line) => {
      const previous = lines[lines.length - 1];
      const continues = line !== '' && !/^(- |#)/.test(line) && previous !== undefined && previous !== '';
      if (continues) lines[lines.length - 1] = `${previous} ${line.trim()}`;
      else lines.push(line);
      return lines;
    }, [])
    .join('\n');

export const DEFAULT_LEGAL_TEXTS: Record<LegalKind, string> = {
  'privacy-policy': unwrap(PRIVACY_POLICY),
  'terms-and-condition': unwrap(TERMS),
};
