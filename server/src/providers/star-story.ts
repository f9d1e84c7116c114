import { isFillerWord } from '@coach/shared/constants/speech';
import type { StarPart } from '@coach/shared/contract/interview';

// Which parts of a STAR story (situation, task, action, result) a spoken behavioural answer tells. People
// do not name the parts: they open with when and where ("Last winter our team had a backlog of 200 complaints"),
// say what fell to them ("I was asked to…", "we needed to…"), what they did in the first person and the past tense
// ("so I set up…", "we introduced…") and what came of it, often as a number ("which cut the wait by half"). So each
// part is recognised by the signals of that kind of sentence (time expressions, first person, tense, numbers and
// change words) more than by a list of set phrases, in any order. Rules, not a model: English, the interview's
// language (its questions are English whatever the screen's language).

/** A number as digits or as a speech engine may spell it out. */
const NUMBER = String.raw`(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|half|a third|a quarter|dozens|hundreds|thousands)`;
/** "about 10", "less than half". */
const ABOUT =
  '(?:(?:about|around|roughly|nearly|almost|just|only|under|over|less than|more than|fewer than) )?';
/** A stretch of time a story can be placed in ("last winter", "one morning"). */
const PERIOD =
  '(?:winter|summer|spring|autumn|fall|year|month|week|quarter|term|semester|season|christmas|easter|weekend|night|morning|evening|afternoon|day|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)';
/** Nouns that name a part of the story rather than its scene ("the result was…"). */
const NOT_SCENE = new Set([
  'result',
  'outcome',
  'impact',
  'effect',
  'goal',
  'task',
  'job',
  'role',
  'aim',
  'plan',
  'approach',
  'solution',
  'idea',
  'step',
  'thing',
  'feedback',
  'lesson',
  'end',
  'lot',
  'rest',
  'way',
  'reason',
  'point',
  'question',
  'answer',
]);
/** What follows "the wait was…" when it tells the result, not the scene ("…was cut", "…were happy"). */
const RESULT_AFTER = new Set([
  'happy',
  'happier',
  'pleased',
  'satisfied',
  'delighted',
  'grateful',
  'impressed',
  'relieved',
  'cleared',
  'solved',
  'fixed',
  'resolved',
  'sorted',
  'gone',
  'able',
  'back',
  'reduced',
  'cut',
  'halved',
  'doubled',
  'down',
  'up',
  'promoted',
  'saved',
  'finished',
  'completed',
  'delivered',
  'approved',
  'better',
  'faster',
  'lower',
  'higher',
  'fewer',
  'less',
  'more',
]);
/** Verbs that set a scene after a noun: "our team had…", "a customer called…", "the system crashed". */
const SCENE_VERBS =
  "had|was|were|faced|lost|missed|kept|needed|wanted|asked|complained|called|came|phoned|emailed|wrote|left|started|stopped|broke|failed|crashed|ran|got|received|didn't|did not|couldn't|could not|wasn't|weren't|went";
const SCENE = new RegExp(
  String.raw`\b(our|my|the|a|an|one|this|some|several|many|two|three|four|five|\d+) ((?:\w+ ){0,2}?)(\w+) (${SCENE_VERBS})\b`,
  'g',
);
const PRONOUNS = new Set(['i', 'we', 'he', 'she', 'they', 'it', 'you', 'who', 'that', 'which', 'there']);

/**
 * Past-tense verbs of doing said after "I" or "we" that are not actions: wishes, feelings, habits, what was learnt
 * (a result), the scene ("I worked at…" is checked apart) or the task ("I needed to…").
 */
const NOT_ACTIONS = new Set([
  'needed',
  'wanted',
  'liked',
  'loved',
  'hated',
  'hoped',
  'seemed',
  'used',
  'wished',
  'preferred',
  'enjoyed',
  'learned',
  'believed',
  'supposed',
  'expected',
  'worried',
  'felt',
  'thought',
  'knew',
  'got',
  'had',
  'was',
  'were',
  'did',
  'joined',
  'succeeded',
  'managed',
  'achieved',
  'exceeded',
  'delivered',
  'finished',
  'won',
  'saved',
  'reduced',
  'increased',
  'improved',
  'doubled',
  'halved',
  'completed',
  'passed',
  'received',
  'earned',
  'proceed',
  'succeed',
  'exceed',
  'indeed',
]);
/** Irregular past tenses of doing ("I set up", "we ran", "I spoke to"). */
const IRREGULAR_ACTIONS = new Set([
  'set',
  'made',
  'took',
  'spoke',
  'wrote',
  'built',
  'rebuilt',
  'rewrote',
  'ran',
  'met',
  'led',
  'sent',
  'gave',
  'told',
  'went',
  'brought',
  'began',
  'chose',
  'found',
  'put',
  'kept',
  'held',
  'drew',
  'sat',
  'rang',
  'paid',
  'sold',
  'bought',
  'taught',
  'fought',
  'caught',
  'split',
  'dealt',
  'broke',
  'stood',
  'drove',
  'sought',
  'shut',
  'swapped',
  'spent',
  'laid',
  'let',
  'tore',
  'threw',
  'woke',
  'hid',
  'lent',
  'left',
]);
/** Words that may stand between "I" and the verb: "I then called", "we quickly set up". */
const BETWEEN = new Set([
  'then',
  'first',
  'also',
  'just',
  'immediately',
  'quickly',
  'personally',
  'together',
  'eventually',
  'finally',
  'actually',
  'instead',
  'carefully',
  'calmly',
  'straight',
  'simply',
  'next',
  'both',
  'all',
  'myself',
  'ourselves',
]);
/** "when I called" sets a scene or a time, "if I had" a supposition: neither is an action. */
const NOT_AFTER = new Set(['when', 'while', 'if', 'before', 'until', 'whenever', 'as', 'since']);

const SIGNALS: Record<StarPart, RegExp[]> = {
  situation: [
    // When: "last winter", "a few years ago", "back in 2021", "one morning", "at the time".
    new RegExp(String.raw`\b(last|this past|earlier this|early last|late last|that) ${PERIOD}\b`),
    /\b(\w+ ){0,2}(day|week|month|year|decade)s? ago\b/,
    /\b(back )?in (19|20)\d\d\b/,
    /\bback (in|when|then)\b/,
    /\b(at|around) (the|that) time\b/,
    new RegExp(String.raw`\b(one|once|on one|on a) ${PERIOD}\b`),
    /\bthere was (a|one) (time|day|moment|period)\b/,
    /^(once|recently|previously)\b/,
    /\b(during|throughout) (my|our|the|a|an|that|one|last)\b/,
    // Where: "in my previous job", "when I was at", "while I worked as", "I used to work in".
    /\b(in|at|during|with|from|on) (my|our) (\w+ )?(previous|last|old|former|first|current|past|earlier|second|summer|part time|part-time|student|graduate) \w+/,
    /\b(when|while|after|before) (i|we) (was|were|worked|joined|started|first|used|had|ran|led|managed|moved|opened|launched|took over)\b/,
    /\b(i|we) (was|were|have been|had been|used to be|used to|ve been) (working|employed|a|an|the|at|in|part of|volunteering)\b/,
    /\b(i|we) (worked|volunteered|interned|studied) (at|as|for|in|on|with)\b/,
    // The scene ("our team had…", "a customer called") is found apart, by sceneSet; here "we were short…".
    /\bwe (had|were|faced|lost|kept getting|ran out|received|got (a|an|lots|so|too)|did not have|didn't have)\b/,
    /\bthere (was|were|had been)\b/,
    /\b(situation|context|background)\b/,
  ],
  task: [
    // What fell to the speaker: "I was asked to", "my job was to", "we needed to", "the goal was…".
    /\b(i|we) (was|were|got|had been) (\w+ )?(asked|told|given|tasked|expected|supposed|responsible|assigned|chosen|put in charge|in charge|brought in|hired|sent|needed)\b/,
    /\b(task|job|role|goal|aim|responsibility|mission|objective|target|brief|priority|assignment|duty|challenge|plan) (was|were|is) (to|\w+ing|that|making|getting)\b/,
    /\b(the|my|our) (main |real |big |first )?(goal|aim|objective|target|task|challenge|priority|deadline) was\b/,
    /\b(i|we) (had|needed|have|need|wanted|were expected|was expected|were told|was told|had been asked) to\b/,
    /\b(asked|told|wanted|needed|expected|required|trusted|begged) (me|us|our team|my team|the team) to\b/,
    /\bit (was|fell) (up |down )?(to|on) (me|us)\b/,
    /\bit was (my|our) (job|responsibility|task|role|duty)\b/,
    /\bi was the one (who|responsible|in charge)\b/,
    /\b(responsible|accountable|in charge) (for|of)\b/,
    /\b(someone|somebody) (had|needed) to\b/,
    /\bi took (on|charge|ownership|responsibility)\b/,
    /\b(i|we) (had|only had|got) (\w+ ){0,2}(hours|days|weeks|months) to\b/,
  ],
  action: [
    /\bso (i|we) (?!(would|will|could|might|should|think|believe|guess|am|was|were|had|have|need|needed|want|wanted|hope|hoped|felt|knew)\b)\w+/,
    /\b(then|first|next|after that|afterwards|firstly|secondly|so then) (i|we) (?!(would|will|could|might|should|think|was|were|had|have|need|needed|want|wanted)\b)/,
    /\b(i|we) (decided|chose|started by|began by|made sure|reached out|stepped in|took the lead|took charge)\b/,
    /\b(my|our) (first )?(step|steps|approach|solution|response|idea|fix) was\b/,
    /\bwhat (i|we) did (was|is)\b/,
    /\bthe first thing (i|we) did\b/,
    /\b(i|we) worked (with|on|through|closely|late|overtime|together|out|hard)\b/,
  ],
  result: [
    // What came of it, in words…
    /\b(as a result|in the end|at the end of (the day|it)|eventually|finally|in the long run|by the end)\b/,
    /\bthe (result|outcome|impact|effect|upshot) (was|is|of)\b/,
    /\b(this|that|it|which|these|those) (\w+ )?(led|helped|meant|worked|resulted|paid off|made|brought|allowed|gave|saved|cut|reduced|increased|improved|raised|turned|fixed|solved|stopped|ended|halved|doubled|won|kept|earned|boosted|lowered|shortened|sped)\b/,
    /\b(we|i|they|the team|my team|our team) (\w+ )?(managed|delivered|finished|won|saved|reduced|cut|cleared|increased|improved|exceeded|achieved|beat|raised|doubled|halved|launched|completed|shipped|passed|got back|brought down|succeeded|retained|recovered|turned (it|things) around)\b/,
    /\b(met|hit|beat|reached|made) (the|our|my|every|all|that) (\w+ )?(deadline|target|goal|budget|quota)s?\b/,
    /\bkept (the|our|that|every|all) (\w+ )?(client|customer|account|contract|patient|guest)s?\b/,
    /\b(i|we) (was|were|got|had been) (able|promoted|thanked|praised|recognised|recognized|awarded|given an award|commended)\b/,
    /\b(were|was|felt|became|ended up|left|seemed) (\w+ ){0,2}(happy|happier|pleased|satisfied|delighted|grateful|impressed|thrilled|relieved|calmer|loyal)\b/,
    // Someone else's response, not the speaker's deed ("the parents thanked us", not "I thanked them").
    /(?<!\b(i|we) (\w+ )?)\b(stayed|thanked|came back|renewed|praised|returned|recommended|signed|rated|settled|calmed down|apologised|apologized|wrote (us|me) a)\b/,
    /\b(no|none of the|not a single|not one|zero) (\w+ ){0,2}(was|were|got) (missed|lost|late|dropped|broken|left|delayed|repeated)\b/,
    /\b(was|were|got) (all |finally |fully )?(cleared|solved|fixed|resolved|sorted|gone|halved|doubled|finished|approved|replaced|repaired|restored)\b/,
    /\b(fell|dropped|rose|grew|doubled|halved|disappeared) (\w+ )?(by|from|away|overnight)\b/,
    /\b(i|we) (learned|learnt|realised|realized|discovered) (that|how|the|to|a lot|a valuable)\b/,
    /\b(since then|from then on|ever since|to this day|now we|now i|these days|still use|still in use)\b/,
    /\b(got|received|earned|won) (\w+ ){0,2}(promotion|promoted|award|bonus|praise|positive feedback|good feedback|great feedback|thanks|recognition|contract|deal)\b/,
    /\b(on time|ahead of (schedule|time)|under budget|before the deadline|by the deadline)\b/,
    // …and in numbers: "by 40 percent", "from 200 to 20", "down to 5", "cut the wait in half".
    new RegExp(String.raw`\b${NUMBER} (percent|per cent)\b`),
    new RegExp(
      String.raw`\b(reduced|cut|increased|improved|raised|dropped|fell|rose|grew|saved|lowered|boosted|shortened|brought|down|up|went|halved|doubled|sped|trimmed|slashed|climbed) (\w+ ){0,5}(by|to|from) ${ABOUT}${NUMBER}\b`,
    ),
    /\b(in|by) half\b/,
    new RegExp(
      String.raw`\b(cleared|finished|fixed|solved|resolved|completed|delivered|closed|answered|handled|sorted) (\w+ ){0,5}(within|in|under) (just |only |about |less than )?(${NUMBER}|a) (hours?|days?|weeks?|months?)\b`,
    ),
  ],
};

/** The transcript as lower-case words, fillers left out, "%" said as "percent", one space between words. */
const spokenText = (transcript: string) =>
  (
    transcript
      .toLowerCase()
      .replace(/%/g, ' percent')
      .match(/[\p{L}\p{N}'’]+(?:[.,]\d+)*/gu) ?? []
  )
    .map((word) => word.replace(/’/g, "'").replace(/^'+|'+$/g, ''))
    .filter((word) => word && !isFillerWord(word))
    .join(' ');

/**
 * First person and a past tense of doing: "I called", "we quickly set up", "I then spoke", not "I needed",
 * "I was", "when I joined" nor "I would call".
 */
const firstPersonDeed = (words: string[]) =>
  words.some((word, index) => {
    if (word !== 'i' && word !== 'we') return false;
    if (NOT_AFTER.has(words[index - 1] ?? '')) return false;
    let at = index + 1;
    while (BETWEEN.has(words[at] ?? '') && at < index + 3) at++;
    const verb = words[at] ?? '';
    if (NOT_ACTIONS.has(verb)) return false;
    if (verb === 'worked' && /^(at|as|for|in)$/.test(words[at + 1] ?? '')) return false;
    if (/^(started|moved|arrived)$/.test(verb) && /^(at|as|in|with|working)$/.test(words[at + 1] ?? ''))
      return false;
    return IRREGULAR_ACTIONS.has(verb) || (verb.length > 4 && verb.endsWith('ed'));
  });

/**
 * A scene set in the third person and the past: "our team had a backlog", "a customer called", "the system
 * crashed"; not "the result was…", "my goal was…", nor "the wait was cut by half" (a result).
 */
const sceneSet = (text: string) =>
  [...text.matchAll(SCENE)].some((hit) => {
    const noun = hit[3] ?? '';
    if (NOT_SCENE.has(noun) || PRONOUNS.has(noun)) return false;
    const after = text
      .slice((hit.index ?? 0) + hit[0].length)
      .trim()
      .split(' ')
      .slice(0, 2);
    return !after.some((word) => RESULT_AFTER.has(word));
  });

/** Which STAR parts the answer tells. */
export const storyParts = (transcript: string): Record<StarPart, boolean> => {
  const text = spokenText(transcript);
  const words = text.split(' ').filter(Boolean);
  return {
    situation: sceneSet(text) || SIGNALS.situation.some((signal) => signal.test(text)),
    task: SIGNALS.task.some((signal) => signal.test(text)),
    action: firstPersonDeed(words) || SIGNALS.action.some((signal) => signal.test(text)),
    result: SIGNALS.result.some((signal) => signal.test(text)),
  };
};
