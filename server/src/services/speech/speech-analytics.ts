import {
  isFillerWord,
  MISPRONOUNCED_BELOW,
  PRONUNCIATION_SCORE_WEIGHTS,
} from '@coach/shared/constants/speech';
import { type Phone, VOWELS } from '@coach/shared/constants/speech-sounds';
import {
  DEFAULT_PRONUNCIATION_SETTINGS,
  type PronunciationStrictness,
} from '@coach/shared/contract/pronunciation';
import type { MeasuredSpeechAnalysis, SpeechNoise, SpeechWord } from '@coach/shared/contract/speech';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import { judgeProsody } from '../../providers/speech/prosody.ts';
import { clampScore, findPauses, fluencyScore, round } from './fluency.ts';
import {
  evidenceRoomOf,
  judgeWord,
  type MeasuredWord,
  type NamedError,
  namedErrors,
  rivalHeard,
  sharedErrors,
  slipHeard,
  type TranscriptVerdict,
  type WeighedRival,
  type WeighedSlip,
} from './speech-phones.ts';
import {
  align,
  type HeardTranscript,
  SIMILAR_SPELLING,
  type Step,
  soundDistance,
  spellingDistance,
  type Token,
  tokensOf,
  wordsFromText,
} from './transcript-words.ts';

export type { HeardTranscript };

export { normaliseWord };

// Speech analytics: what a transcript from the speech engine (and the target text of a
// Pronunciation or Read & Record task) says about the reading. Pure: no database, no HTTP, no clock, so the
// background job, a test or a benchmark get the same figures from the same transcript.

/** A word's score 0-100 from the engine's confidence in it. */
const wordScore = (token: Token) => Math.round(token.confidence * 100);

/** The learners' errors that make a heard word of the target word, over the heard word's pronunciations. */
const slipOf = (
  measured: MeasuredWord,
  heardWord: string | undefined,
  heardSounds: Record<string, Phone[][]>,
): NamedError[] | null => {
  const target = measured.phones.filter((phone) => phone.kind !== 'inserted').map((phone) => phone.phone);
  const explanations = (heardWord ? (heardSounds[heardWord] ?? []) : [])
    .map((sounds) => namedErrors(target, sounds))
    .filter((errors): errors is NamedError[] => errors !== null)
    .sort((a, b) => a.length - b.length);
  return explanations[0] ?? null;
};

/** The learners' errors a heard word holds that no run of them explains whole (sharedErrors), over its pronunciations. */
const partlyOf = (
  measured: MeasuredWord,
  heardWord: string | undefined,
  heardSounds: Record<string, Phone[][]>,
): NamedError[] => {
  const target = measured.phones.filter((phone) => phone.kind !== 'inserted').map((phone) => phone.phone);
  return (
    (heardWord ? (heardSounds[heardWord] ?? []) : [])
      .map((sounds) => sharedErrors(target, sounds))
      .find((errors) => errors.length > 0) ?? []
  );
};

/** A heard word takes a left-out target word's place when they share at least this much of the shorter one's time, */
const SAME_PLACE = 0.5;
/**
 * ...and sound alike: at most this share of the longer one's sounds added, dropped or changed ("furdy" for "thirty",
 * 2 of 4). At 0.6 "enter" took the place of "entrepreneur" in a reading of other words, and the demo's wrong reading passed.
 */
const SOUNDS_ALIKE = 0.5;

/**
 * The target words the transcript left out although the recogniser heard a word like them in their place: the
 * aligner put the word's sounds where the transcript has a word spelt too differently to pair ("furdy" heard for
 * "thirty" said with an f). The learner said something there, so the word is judged as said otherwise, not
 * left out. Each such heard word goes to the left-out word it overlaps most; target index → heard index. A heard
 * word that sounds nothing like the target word (another sentence read) takes no place: that word was not read.
 */
const heardInPlace = (
  steps: Step[],
  heard: Token[],
  measured: MeasuredWord[] | null,
  heardSounds: Record<string, Phone[][]>,
  alikeOnly = true,
) => {
  const inPlace = new Map<number, number>();
  if (!measured) return inPlace;
  const extra = steps.flatMap((step) => (step.kind === 'insert' ? [step.heard] : []));
  const claimed = new Set<number>();
  for (const step of steps) {
    if (step.kind !== 'omit') continue;
    const word = measured[step.target];
    if (!word || word.start === null || word.end === null) continue;
    const { start, end } = word;
    const sounds = word.phones.filter((phone) => phone.kind !== 'inserted').map((phone) => phone.phone);
    const alike = (token: Token) =>
      (heardSounds[token.text] ?? []).some((said) => soundDistance(sounds, said) <= SOUNDS_ALIKE);
    let best: { index: number; share: number } | null = null;
    for (const index of extra) {
      const token = heard[index];
      if (!token || claimed.has(index) || alike(token) !== alikeOnly) continue;
      const shorter = Math.min(end - start, token.end - token.start);
      const share = shorter > 0 ? (Math.min(end, token.end) - Math.max(start, token.start)) / shorter : 0;
      if (share >= SAME_PLACE && share > (best?.share ?? 0)) best = { index, share };
    }
    if (best) {
      claimed.add(best.index);
      inPlace.set(step.target, best.index);
    }
  }
  return inPlace;
};

/**
 * The slips a word said alone is not judged by when the recogniser merely weighed them (a rival or a slip spelt
 * out, rivalHeard and slipHeard): /θ/ said as /f/ or /s/. With no sentence around the word, the recogniser's
 * hypotheses with /f/ or /s/ came near a rightly said /θ/ ("free" 1.2 nats under "three", "fink" 4.8 and "sink"
 * 3.4 under "think", "fought" 5.6 under "thought") as near as under one said wrong, where their bars were set on
 * sentences; /θ/ said as /t/ still stood apart (a rightly said one's nearest 6.7, "tree" for "three" 3.0-5.5).
 * The aligner's evidence and the best hypothesis still judge the word. On the bench's `lone-word` part (clean),
 * rightly said lone words flagged 18.8 -> 14.6 % (tune half) and 22.9 -> 18.8 % (held out), another real word said
 * alone flagged 68.8 and 89.6 % as before; sentences are judged as before.
 */
const LONE_WORD_UNSURE: ReadonlySet<string> = new Set(['TH>F', 'TH>S']);

/** Whether the errors hold one of LONE_WORD_UNSURE (keyed as ERROR_EVIDENCE is: "TH>F"). */
const unsureAlone = (measured: MeasuredWord, errors: readonly NamedError[] | null) => {
  const sounds = measured.phones.filter((phone) => phone.kind !== 'inserted').map((phone) => phone.phone);
  return (errors ?? []).some(
    (error) => error.kind === 'substituted' && LONE_WORD_UNSURE.has(`${sounds[error.index]}>${error.heard}`),
  );
};

/**
 * Words the recogniser writes for the vowel a learner adds before /s/ and a consonant ("estate" for "state"), when it
 * hears it as a word of its own: "A state.", "The state.". Heard just before such a target word where the target
 * has none, the word is judged said with the vowel added, not read with an extra word. On the bench's lone-word part
 * (clean) it caught 3 of the tune half's 8 "estate"/"esteem" readings that went unflagged ("The state.", "A state.",
 * "A steam,"); no rightly read sentence of either half had such a word before an s + consonant word.
 */
const ADDED_VOWEL_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'e', 'eh']);

/** Whether the word's sounds start with /s/ and a consonant ("state", "speak", "school"). */
const startsWithSCluster = (word: MeasuredWord | undefined) => {
  const sounds = word?.phones.filter((phone) => phone.kind !== 'inserted') ?? [];
  const second = sounds[1]?.phone;
  return sounds[0]?.phone === 'S' && second !== undefined && !VOWELS.has(second);
};

/**
 * Accuracy, completeness and word statuses against a target text.
 * - Without the phone aligner's measure (an analysis of a transcription endpoint, or a machine without it):
 *   status correct when matched with a word score (confidence × 100) of MISPRONOUNCED_BELOW or more;
 *   mispronounced when matched below it or substituted; omitted; inserted. accuracy = the sum of the engine's
 *   confidence in each exactly matched word ÷ (target words + inserted words).
 * - With it: each target word is judged by the transcript and its sounds together (`judgeWord`,
 *   with the group's strictness), carries its sounds, and accuracy = the sum of the words' accuracies ÷
 *   (target words + inserted words), so a missing, a wrong and an extra word all cost.
 * - completeness = target words not omitted ÷ target words.
 * Fillers are left out of the alignment, so they are counted as fillers, never as inserted words.
 */
const scoreAgainstTarget = (
  target: Token[],
  heard: Token[],
  measured: MeasuredWord[] | null,
  strictness: PronunciationStrictness,
  heardSounds: Record<string, Phone[][]>,
  noise: SpeechNoise | undefined,
  rivals: readonly WeighedRival[] = [],
  slips: readonly WeighedSlip[] = [],
) => {
  const noisy = noise?.verdict === 'noisy';
  const room = evidenceRoomOf(noise);
  // A word said alone has no sentence to make its rivals unlikely (LONE_WORD_UNSURE).
  const lone = target.length === 1;
  // The aligner measured the same normalised words in the same order; anything else is not used.
  const sounds =
    measured &&
    measured.length === target.length &&
    measured.every((word, index) => word.word === target[index]?.text)
      ? measured
      : null;
  const words: SpeechWord[] = [];
  // Each word's place in what was heard (its heard word's index), so the words read in the order they were said: a
  // word heard in place of a left-out target word ("Very" for "thoroughly") comes before the extra words after it.
  // A word with no heard word follows the one before it (ties keep their order). The target's words keep the
  // target's order among themselves: a word placed at an earlier heard word than the one before it ("woman" where
  // "Of" was heard, before the "a" of "A woman") stays after it; only the extra words move between them.
  const heardOrder: number[] = [];
  let targetAt = -1;
  const push = (word: SpeechWord, heardAt: number | undefined) => {
    const at = heardAt ?? heardOrder.at(-1) ?? -1;
    if (word.status === 'inserted') heardOrder.push(at);
    else {
      targetAt = Math.max(targetAt, at);
      heardOrder.push(targetAt);
    }
    words.push(word);
  };
  // The target words found not said, by index: their stress is not judged (judgeProsody).
  const leftOut = new Set<number>();
  let credit = 0;
  let heardTargets = 0;
  let inserted = 0;
  const steps = align(target, heard);
  const saidInstead = heardInPlace(steps, heard, sounds, heardSounds);
  // Another word heard where a left-out target word was said ("Tom" for "Sam"): judged against it, not left out.
  const otherInstead = heardInPlace(
    steps.filter((step) => step.kind !== 'insert' || !new Set(saidInstead.values()).has(step.heard)),
    heard,
    sounds,
    heardSounds,
    false,
  );
  const takenPlaces = new Set(saidInstead.values());
  // An article heard just before a target word that starts with /s/ and a consonant (ADDED_VOWEL_WORDS), by the
  // target word's index: its heard index.
  const addedVowel = new Map<number, number>();
  for (const [index, step] of steps.entries()) {
    const next = steps[index + 1];
    if (noisy || step.kind !== 'insert' || (next?.kind !== 'match' && next?.kind !== 'substitute')) continue;
    const token = heard[step.heard];
    if (token && ADDED_VOWEL_WORDS.has(token.text) && startsWithSCluster(sounds?.[next.target]))
      addedVowel.set(next.target, step.heard);
  }
  for (const at of addedVowel.values()) takenPlaces.add(at);
  // A word the recogniser does not know, heard in two pieces ("Acme" as "at me"): an extra word beside the word heard
  // in its place is a piece of it, not an extra word, when the two together spell it more closely than that word
  // alone (by the target word's index: the piece's heard index).
  const pieces = new Map<number, number>();
  for (const [index, step] of steps.entries()) {
    const token = step.kind === 'insert' && !takenPlaces.has(step.heard) ? heard[step.heard] : undefined;
    if (!token || step.kind !== 'insert') continue;
    for (const near of [steps[index + 1], steps[index - 1]]) {
      if (near?.kind !== 'substitute' || pieces.has(near.target)) continue;
      const want = target[near.target]?.text ?? '';
      const paired = heard[near.heard]?.text ?? '';
      const joined = step.heard < near.heard ? token.text + paired : paired + token.text;
      const together = spellingDistance(want, joined);
      if (together <= SIMILAR_SPELLING && together < spellingDistance(want, paired)) {
        pieces.set(near.target, step.heard);
        takenPlaces.add(step.heard);
        break;
      }
    }
  }
  /** The heard word in a target word's place with its piece, as one: its times span both, its text reads both. */
  const withPiece = (targetIndex: number, token: Token | undefined): Token | undefined => {
    const at = pieces.get(targetIndex);
    const piece = at === undefined ? undefined : heard[at];
    if (!token || !piece) return token;
    const [first, second] = piece.start <= token.start ? [piece, token] : [token, piece];
    return { ...token, display: `${first.display} ${second.display}`, start: first.start, end: second.end };
  };
  // Heard words listed as extra (heard index → their place in `words`), and those another word was judged as said
  // in place of: those are no extra words after all.
  const insertedAt = new Map<number, number>();
  const tookPlace = new Set<number>();
  for (const step of steps) {
    if (step.kind === 'insert') {
      const token = heard[step.heard];
      if (!token || takenPlaces.has(step.heard)) continue;
      inserted++;
      insertedAt.set(step.heard, words.length);
      push(
        { word: token.display, start: round(token.start, 2), end: round(token.end, 2), status: 'inserted' },
        step.heard,
      );
      continue;
    }
    const want = target[step.target];
    if (!want) continue;
    const measuredWord = sounds?.[step.target];
    if (measuredWord && measuredWord.phones.length > 0) {
      const instead = step.kind === 'omit' ? saidInstead.get(step.target) : undefined;
      const other = step.kind === 'omit' && instead === undefined ? otherInstead.get(step.target) : undefined;
      const token =
        step.kind === 'omit'
          ? instead === undefined
            ? undefined
            : heard[instead]
          : withPiece(step.target, heard[step.heard]);
      // Heard as written, but the recogniser found the sentence with a rival word in its place nearly as likely:
      // judged as that slip, when it is one.
      const rival = rivals.find((r) => r.index === step.target);
      const weighed =
        step.kind === 'match' && rivalHeard(rival, strictness, noisy)
          ? slipOf(measuredWord, rival.word, heardSounds)
          : null;
      const rivalSlip = lone && unsureAlone(measuredWord, weighed) ? null : weighed;
      // Heard as written, but the sentence with a learner's slip of it spelt out ("I fink…") came nearly as likely.
      const spelt =
        step.kind === 'match' && !rivalSlip
          ? slipHeard(
              measuredWord,
              slips.filter(
                (slip) => slip.index === step.target && (!lone || !LONE_WORD_UNSURE.has(slip.error)),
              ),
              strictness,
              noisy,
            )
          : null;
      // Heard with an article just before it where the learner added a vowel (ADDED_VOWEL_WORDS).
      const articleAt = rivalSlip || spelt || step.kind === 'omit' ? undefined : addedVowel.get(step.target);
      const article = articleAt === undefined ? undefined : heard[articleAt];
      const added: NamedError[] | null = article ? [{ index: 0, kind: 'inserted', heard: 'EH' }] : null;
      const kind = instead === undefined && !rivalSlip && !spelt && !added ? step.kind : 'substitute';
      const otherToken = other === undefined ? undefined : heard[other];
      const transcriptVerdict: TranscriptVerdict =
        kind === 'omit'
          ? otherToken
            ? {
                kind: 'omit',
                instead: otherToken.text,
                partly: partlyOf(measuredWord, otherToken.text, heardSounds),
              }
            : { kind: 'omit' }
          : kind === 'substitute'
            ? {
                kind: 'substitute',
                named: rivalSlip ?? spelt?.named ?? added ?? slipOf(measuredWord, token?.text, heardSounds),
                partly: partlyOf(measuredWord, token?.text, heardSounds),
              }
            : { kind: 'match', confidence: token?.confidence ?? 0 };
      const judged = judgeWord({
        transcript: transcriptVerdict,
        measured: measuredWord,
        strictness,
        room,
        noisy,
      });
      // The other word heard in its place is what was heard there, not an extra word: said instead of it (the word
      // judged said otherwise or left out), or the recogniser's mishearing of it (the word stands).
      if (otherToken && other !== undefined) tookPlace.add(other);
      const start = (article ?? token ?? otherToken)?.start ?? measuredWord.start;
      const end = (token ?? otherToken)?.end ?? measuredWord.end;
      const times =
        judged.status === 'omitted' || start === null || end === null
          ? { start: null, end: null }
          : { start: round(start, 2), end: round(end, 2) };
      if (judged.status !== 'omitted') heardTargets++;
      else leftOut.add(step.target);
      credit += judged.accuracy / 100;
      const heardAt = articleAt ?? (step.kind === 'omit' ? (instead ?? other) : step.heard);
      push(
        {
          word: want.display,
          ...times,
          status: judged.status,
          ...(judged.status === 'mispronounced' && kind === 'substitute' && token
            ? {
                heard:
                  rivalSlip && rival
                    ? rival.word
                    : (spelt?.slip.spelling ??
                      (article ? `${article.display} ${token.display}` : token.display)),
              }
            : judged.status !== 'correct' && otherToken
              ? { heard: otherToken.display }
              : {}),
          phones: judged.phones,
        },
        heardAt,
      );
      continue;
    }
    const token = step.kind === 'omit' ? undefined : withPiece(step.target, heard[step.heard]);
    if (step.kind === 'omit' || !token) {
      push({ word: want.display, start: null, end: null, status: 'omitted' }, undefined);
      leftOut.add(step.target);
      continue;
    }
    heardTargets++;
    const times = { start: round(token.start, 2), end: round(token.end, 2) };
    if (step.kind === 'substitute') {
      push({ word: want.display, ...times, status: 'mispronounced', heard: token.display }, step.heard);
      continue;
    }
    credit += token.confidence;
    const status = wordScore(token) >= MISPRONOUNCED_BELOW ? 'correct' : 'mispronounced';
    push({ word: want.display, ...times, status }, step.heard);
  }
  const dropped = new Set([...tookPlace].flatMap((index) => insertedAt.get(index) ?? []));
  const inOrder = words
    .map((word, index) => ({ word, index, at: heardOrder[index] ?? index }))
    .filter(({ index }) => !dropped.has(index))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ word }) => word);
  return {
    words: inOrder,
    // By the aligner's word places, which are these only when its words are the target's.
    leftOut: sounds ? leftOut : new Set<number>(),
    accuracy: clampScore((credit / Math.max(1, target.length + inserted - dropped.size)) * 100),
    completeness: clampScore((heardTargets / Math.max(1, target.length)) * 100),
  };
};

/**
 * Without a target text nothing says which words were meant, so both come from the engine's confidences:
 * accuracy = the mean confidence in the heard words × 100; completeness = the share of heard words clear
 * enough to count as correct (word score MISPRONOUNCED_BELOW or more).
 */
const scoreWithoutTarget = (heard: Token[]) => ({
  words: null,
  leftOut: new Set<number>(),
  accuracy: clampScore(
    (heard.reduce((sum, token) => sum + token.confidence, 0) / Math.max(1, heard.length)) * 100,
  ),
  completeness: clampScore(
    (heard.filter((token) => wordScore(token) >= MISPRONOUNCED_BELOW).length / Math.max(1, heard.length)) *
      100,
  ),
});

/** The figures of a recording that is not scored: all 0, so it can never pass. */
const unscored = (transcript: HeardTranscript, text: string) => ({
  transcript: text,
  durationSeconds: round(Math.max(0, transcript.durationSeconds), 2),
  wordsPerMinute: 0,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 0, per100Words: 0, words: [] },
  words: null,
  scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 } as const,
});

const noSpeech = (transcript: HeardTranscript, text: string): MeasuredSpeechAnalysis => ({
  status: 'no-speech',
  ...unscored(transcript, text),
  ...(transcript.noise ? { noise: transcript.noise } : {}),
});

/** Speech under noise too loud to judge it: not scored, so the room is not blamed on the learner. */
const tooNoisy = (transcript: HeardTranscript, text: string, noise: SpeechNoise): MeasuredSpeechAnalysis => ({
  status: 'too-noisy',
  ...unscored(transcript, text),
  noise,
});

/**
 * The analysis of one recording's transcript, scored against the target text when the task has one
 * (Pronunciation, Read & Record) and on delivery and clarity alone when it does not (free speech, answers,
 * the interview's stages).
 *
 * - status 'too-noisy' with every figure 0 when the engine's noise verdict says so, whatever it heard;
 *   'no-speech' likewise when it heard no speech (silence, a tone) or the words are nothing but punctuation or
 *   hesitation sounds; otherwise 'done'. The engine's `noise` is kept on all three.
 * - wordsPerMinute: heard words, fillers not counted, per minute from the first word's start to the last
 *   word's end (leading and trailing silence left out).
 * - pauses, longestPauseSeconds: see `findPauses`. fillers: FILLER_WORDS heard (a filler word the target text
 *   itself contains is read, not a filler), per 100 heard words (fillers included).
 * - scores: accuracy and completeness (see `scoreAgainstTarget`, `scoreWithoutTarget`), fluency (see
 *   `fluencyScore`), pronunciation = PRONUNCIATION_SCORE_WEIGHTS of the three (0.5 accuracy, 0.25 fluency,
 *   0.25 completeness); against a target of one word, that word's accuracy alone.
 */
export const analyseTranscript = ({
  transcript,
  target,
  strictness = DEFAULT_PRONUNCIATION_SETTINGS.strictness,
}: {
  transcript: HeardTranscript;
  target?: string | null | undefined;
  /** The learner's group's judging (spec: pronunciation configuration); standard when not given. */
  strictness?: PronunciationStrictness | undefined;
}): MeasuredSpeechAnalysis => {
  // PostgreSQL's JSON refuses NUL; an engine has no reason to write one, so it goes rather than fail the job.
  const text = transcript.text.replaceAll('\0', '').trim();
  if (transcript.noise?.verdict === 'too-noisy') return tooNoisy(transcript, text, transcript.noise);
  if (!transcript.speech) return noSpeech(transcript, text);
  const written = transcript.words.length > 0 ? transcript.words : wordsFromText(transcript);
  const tokens = tokensOf([...written].sort((a, b) => a.start - b.start));
  const targetTokens = target
    ? tokensOf(target.split(/\s+/).map((word) => ({ word, start: 0, end: 0, confidence: 1 })))
    : [];
  const targetWords = new Set(targetTokens.map((token) => token.text));
  const isFiller = (token: Token) => isFillerWord(token.text) && !targetWords.has(token.text);
  const spoken = tokens.filter((token) => !isFiller(token));
  const fillers = tokens.filter(isFiller);
  const firstToken = tokens[0];
  if (!firstToken || spoken.length === 0) return noSpeech(transcript, text);

  const speakingSeconds = Math.max(...tokens.map((token) => token.end)) - firstToken.start;
  const wordsPerMinute = speakingSeconds > 0 ? Math.round(spoken.length / (speakingSeconds / 60)) : 0;
  const pauses = findPauses(tokens, transcript.segments);
  const pauseLengths = pauses.map(({ start, end }) => end - start);
  const per100Words = round((fillers.length / tokens.length) * 100, 1);
  const fluency = fluencyScore({
    wordsPerMinute,
    wordCount: spoken.length,
    speakingSeconds,
    pausedSeconds: pauseLengths.reduce((sum, seconds) => sum + seconds, 0),
    fillersPer100Words: per100Words,
  });
  const { words, leftOut, accuracy, completeness } =
    targetTokens.length > 0
      ? scoreAgainstTarget(
          targetTokens,
          spoken,
          transcript.phones?.words ?? null,
          strictness,
          transcript.phones?.heardSounds ?? {},
          transcript.noise,
          transcript.phones?.rivals ?? [],
          transcript.phones?.slips ?? [],
        )
      : scoreWithoutTarget(spoken);
  const weights = PRONUNCIATION_SCORE_WEIGHTS;
  // A word said alone (a Pronunciation item's drill word) is scored on that word: one word has no fluency to measure
  // and its completeness says only that it was not left out. Blended in, they passed a word heard as another word
  // ("Farley" for "thoroughly": accuracy 59, pronunciation 80 against a pass mark of 75).
  const pronunciation =
    targetTokens.length === 1
      ? accuracy
      : clampScore(
          weights.accuracy * accuracy + weights.fluency * fluency + weights.completeness * completeness,
        );
  return {
    status: 'done',
    transcript: text,
    durationSeconds: round(Math.max(0, transcript.durationSeconds), 2),
    wordsPerMinute,
    pauses,
    longestPauseSeconds: round(Math.max(0, ...pauseLengths), 2),
    fillers: { count: fillers.length, per100Words, words: fillers.map((token) => token.text) },
    words,
    scores: {
      accuracy,
      completeness,
      fluency,
      pronunciation,
    },
    // Beside the four scores, not blended into them (they stay Azure's four names).
    ...(transcript.prosody === undefined
      ? {}
      : { prosody: transcript.prosody && judgeProsody(transcript.prosody, leftOut) }),
    ...(transcript.noise ? { noise: transcript.noise } : {}),
  };
};
