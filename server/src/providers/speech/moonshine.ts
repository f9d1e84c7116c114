import tokenizer from 'llama-tokenizer-js';
import { SAMPLE_RATE } from './decode-audio.ts';
import { loadSession, once, ort } from './models.ts';

/** Moonshine Tiny's decoder: 6 layers, 8 key/value heads of 36 dimensions; token 1 starts, token 2 ends. */
const LAYERS = 6;
const KV_HEADS = 8;
const HEAD_DIM = 36;
const BOS = 1;
const EOS = 2;
/** Real speech is well under 6 tokens a second: a longer output is a loop, stopped there. */
const MAX_TOKENS_PER_SECOND = 6;

/** One recognised word and the mean log-probability of its tokens. */
export type RecognisedWord = { word: string; logProb: number };

const models = once(async () => ({
  encoder: await loadSession('encoder'),
  decoder: await loadSession('decoder'),
}));

/** Loads both Moonshine sessions now rather than on the first recording (the bench times it apart). */
export const loadMoonshine = async () => {
  await models();
};

/**
 * How many hypotheses the decoder keeps. On the pronunciation bench's rightly read sentences (tune half, 7 voices)
 * greedy decoding (1) gave 15.7 % WER clean, 2 beams 14.3 %, 3 12.7 %, 4 11.7 %, 6 11.9 %; on the held-out half
 * 4 beams gave 13.9 % against greedy's 19.5 %, and at 10 dB SNR (tune) 36.2 % against 42.4 %. The decoder then
 * runs on 4 tokens at once, which cost about half as much time again as greedy decoding on this machine.
 * 6 beams end with more rival sentences (rivals.ts): another real word flagged 75.0 / 83.3 % (tune / held out)
 * against 72.9 / 79.2 %, WER 10.9 / 13.1 % against 11.0 / 13.9 %. Even with one row of cross-attention cache for all
 * hypotheses (below), the bench's three clean parts then peak at 445 MB (4 beams: 408 MB) and the whole set, noisy
 * copies included, runs over the 450 MB budget: the decoder's memory arena grows by about 35 MB on one 3 s reading
 * (espeak en-gb), not with the audio's length. Without the arena the decoder ran 5 times slower. 5 beams gained
 * nothing. With the output projection read in int8 (decoder-graph.ts) 6 beams fit: the three clean parts of both
 * halves peaked at 409 MB at RTF 0.079, but clean WER went 10.8 → 11.4 % on the tune half (13.8 % held out as
 * before) for one more real word flagged on the tune half and one more sound error held out; 4 stayed.
 */
const BEAMS = 4;
/**
 * A finished hypothesis is ranked by its log-probability over its length to this power: at 1 (the mean per
 * token), 11.7 % WER on the tune half; at 0.5, 11.9 %; at 0 (the plain sum, which favours short outputs), 13.7 %.
 * The search stops once BEAMS hypotheses have ended. Searching on while a live one ranked above the best ended
 * one gave 11.5 / 14.0 % (tune / held out) against 11.0 / 13.9 %: the longer endings it found were worse.
 */
const LENGTH_PENALTY = 1;

type Tensor = InstanceType<typeof ort.Tensor>;

/** The rows `rows` of a tensor's batch axis, in that order. */
const gather = (tensor: Tensor, rows: readonly number[]): Tensor => {
  const data = tensor.data as Float32Array;
  const batch = tensor.dims[0] ?? 1;
  const size = data.length / batch;
  const out = new Float32Array(size * rows.length);
  rows.forEach((row, i) => {
    // A row past the batch would read as zeros: a hypothesis decoding against an empty cache.
    if (row >= batch) throw new RangeError(`row ${row} of a batch of ${batch}`);
    out.set(data.subarray(row * size, (row + 1) * size), i * size);
  });
  return new ort.Tensor('float32', out, [rows.length, ...tensor.dims.slice(1)]);
};

/** log(sum(exp(logits))) of one row of the vocabulary, for log-probabilities. */
const logSumExp = (data: Float32Array, base: number, vocabulary: number) => {
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < vocabulary; k++) max = Math.max(max, data[base + k] ?? max);
  let sum = 0;
  for (let k = 0; k < vocabulary; k++) sum += Math.exp((data[base + k] ?? max) - max);
  return max + Math.log(sum);
};

/**
 * The `count` most likely tokens of one row, best first, with their log-probabilities. One pass finds the row's
 * largest logit and its `count` best (compared as logits: a log-probability is the logit less the row's norm), a
 * second sums the exponentials for that norm; the same tokens and figures as working out every token's
 * log-probability first, which took 2.3 ms a step of 4 rows on a quarter of the bench's tune half, this 2.0 ms.
 */
const topTokens = (data: Float32Array, base: number, vocabulary: number, count: number) => {
  const row = data.subarray(base, base + vocabulary);
  let max = Number.NEGATIVE_INFINITY;
  let floor = Number.NEGATIVE_INFINITY;
  const top: { token: number; logit: number }[] = [];
  for (let k = 0; k < row.length; k++) {
    const logit = row[k] as number;
    if (logit > max) max = logit;
    if (logit <= floor) continue;
    top.push({ token: k, logit });
    top.sort((a, b) => b.logit - a.logit);
    if (top.length > count) top.pop();
    if (top.length === count) floor = (top.at(-1) as { logit: number }).logit;
  }
  let sum = 0;
  for (let k = 0; k < row.length; k++) sum += Math.exp((row[k] as number) - max);
  const norm = max + Math.log(sum);
  return top.map(({ token, logit }) => ({ token, logProb: logit - norm }));
};

/** What a decoder step after the first returns: the logits and the self-attention cache. */
const LATER_OUTPUTS = [
  'logits',
  ...Array.from({ length: LAYERS }, (_, layer) => [
    `present.${layer}.decoder.key`,
    `present.${layer}.decoder.value`,
  ]).flat(),
];

/** An empty cache for the decoder's first step. */
const emptyPast = () => {
  const past: Record<string, Tensor> = {};
  for (let layer = 0; layer < LAYERS; layer++)
    for (const part of ['decoder', 'encoder'])
      for (const kind of ['key', 'value'])
        past[`past_key_values.${layer}.${part}.${kind}`] = new ort.Tensor('float32', new Float32Array(0), [
          0,
          KV_HEADS,
          1,
          HEAD_DIM,
        ]);
  return past;
};

/**
 * The cache for the decoder's next step: each row's self-attention cache taken from row `rows[i]` of this step's
 * (every row as it is when `rows` is null); the cross-attention one, computed on the first step from the encoder's
 * output alone, stays one row.
 */
const nextPast = (
  past: Record<string, Tensor>,
  out: Record<string, Tensor>,
  step: number,
  rows: readonly number[] | null,
) => {
  const updated: Record<string, Tensor> = {};
  for (const [name, tensor] of Object.entries(past)) {
    const present = out[name.replace('past_key_values', 'present')] as Tensor;
    if (name.includes('.decoder.')) updated[name] = rows ? gather(present, rows) : present;
    else updated[name] = step === 0 ? present : tensor;
  }
  return updated;
};

type Hypothesis = { tokens: number[]; logProbs: number[]; score: number };

const ranked = (hypothesis: Hypothesis) =>
  hypothesis.score / (hypothesis.tokens.length + 1) ** LENGTH_PENALTY;

/**
 * Transcribes one chunk (at most about 20 s: longer audio makes Moonshine invent text) by beam search: the
 * encoder once, then the merged decoder one token at a time for BEAMS hypotheses at once, each with its own
 * key/value cache (the decoding loop of shared/research/moonshine-reference.mjs, widened from greedy). A
 * hypothesis ends at the end token; the search stops when BEAMS have ended, and the best of them by mean
 * log-probability per token wins. Each token's log-probability is kept, for the words' confidence.
 */
export const recognise = async (samples: Float32Array, beams = BEAMS): Promise<RecognisedWord[]> =>
  (await recogniseWithAlternatives(samples, beams)).words;

/**
 * Another hypothesis the beam search ended with: its text and how much less likely it was than the one
 * written (`gap`, the difference of their summed log-probabilities, natural log).
 */
export type Alternative = { text: string; gap: number };

/**
 * A variant of the written sentence to weigh (`recogniseWithAlternatives`): its `word`-th recognised word written as
 * `text` instead ("fink" for "think", punctuation kept as the caller writes it).
 */
export type Variant = { word: number; text: string };

/**
 * `recognise`, with the other hypotheses the search ended with ("Tree birds…" beside "Three birds…"), and how much
 * less likely than the written sentence each variant `ask` returns for it is, given the same audio (`variantGaps`,
 * natural log, in `ask`'s order): the decoder reads each variant whole, on the encoder output already computed.
 */
export const recogniseWithAlternatives = async (
  samples: Float32Array,
  beams = BEAMS,
  ask?: (words: readonly RecognisedWord[]) => Variant[],
): Promise<{ words: RecognisedWord[]; alternatives: Alternative[]; variantGaps: number[] }> => {
  const { encoder, decoder } = await models();
  const encoded = await encoder.run({
    input_values: new ort.Tensor('float32', samples, [1, samples.length]),
  });
  const hidden = encoded.last_hidden_state as Tensor;
  let past = emptyPast();
  const maxTokens = Math.trunc((samples.length / SAMPLE_RATE) * MAX_TOKENS_PER_SECOND) + 4;
  let live: Hypothesis[] = [{ tokens: [], logProbs: [], score: 0 }];
  const ended: Hypothesis[] = [];
  for (let step = 0; step < maxTokens && live.length > 0 && ended.length < beams; step++) {
    const out = await decoder.run(
      {
        input_ids: new ort.Tensor(
          'int64',
          BigInt64Array.from(live.map((h) => BigInt(h.tokens.at(-1) ?? BOS))),
          [live.length, 1],
        ),
        // One row of the encoder's output and of the cross-attention cache serves every hypothesis: the decoder's
        // attention broadcasts it over the batch (the same logits as one copy a row, speech.test.ts), so neither
        // is copied per hypothesis.
        encoder_hidden_states: hidden,
        use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
        ...past,
      },
      // After the first step only the self-attention cache changes: the cross-attention one is not fetched
      // again (copying it out every step for every hypothesis cost time and a heap of garbage).
      step === 0 ? decoder.outputNames : LATER_OUTPUTS,
    );
    const logits = out.logits as Tensor;
    const vocabulary = logits.dims[2] ?? 0;
    const length = logits.dims[1] ?? 1;
    const data = logits.data as Float32Array;
    const candidates = live
      .flatMap((hypothesis, row) =>
        topTokens(data, (row * length + length - 1) * vocabulary, vocabulary, beams).map((t) => ({
          row,
          ...t,
          score: hypothesis.score + t.logProb,
        })),
      )
      .sort((a, b) => b.score - a.score);
    const next: Hypothesis[] = [];
    const rows: number[] = [];
    for (const candidate of candidates) {
      if (next.length === beams) break;
      const parent = live[candidate.row] as Hypothesis;
      if (candidate.token === EOS) {
        // Never an empty transcript: the VAD heard speech in this chunk. Ranked by its one token's
        // log-probability against the others' mean per token, an empty hypothesis won on clear readings
        // ("She taught about the test all day." in espeak-ng, the end token at -0.37 against -0.52 a token) and
        // the reading came back as no speech (Whisper suppresses its end token at the start for the same reason).
        if (parent.tokens.length > 0) ended.push({ ...parent, score: candidate.score });
        continue;
      }
      next.push({
        tokens: [...parent.tokens, candidate.token],
        logProbs: [...parent.logProbs, candidate.logProb],
        score: candidate.score,
      });
      rows.push(candidate.row);
    }
    // Each hypothesis takes its parent's self-attention cache.
    past = nextPast(past, out, step, rows);
    live = next;
  }
  const pool = ended.length ? ended : live;
  const best = pool.reduce((a, b) => (ranked(b) > ranked(a) ? b : a), pool[0] as Hypothesis);
  const words = wordsFrom(best.tokens, best.logProbs);
  const variants = ask?.(words) ?? [];
  return {
    words,
    variantGaps: variants.length ? await variantGaps(decoder, hidden, best, variants) : [],
    alternatives: pool
      .filter((hypothesis) => hypothesis !== best)
      .map((hypothesis) => ({
        text: tokenizer.decode(hypothesis.tokens, false, false).trim(),
        gap: Math.round((best.score - hypothesis.score) * 100) / 100,
      })),
  };
};

/** SentencePiece marks a word's first piece with "▁": the tokens between two marks make one word. */
const groupsOf = (tokens: readonly number[], logProbs: readonly number[]) => {
  const groups: { tokens: number[]; logProbs: number[] }[] = [];
  tokens.forEach((token, i) => {
    const piece = tokenizer.vocabById[token] ?? '';
    const last = groups.at(-1);
    if (!last || piece.startsWith('▁')) groups.push({ tokens: [token], logProbs: [logProbs[i] ?? 0] });
    else {
      last.tokens.push(token);
      last.logProbs.push(logProbs[i] ?? 0);
    }
  });
  return groups;
};

/** How many variants the decoder reads at once: the beam's width, the shapes its memory arena already holds. */
const VARIANT_BATCH = BEAMS;

/**
 * For each variant, the log-probability of the written hypothesis less the variant's, both with their end token.
 * A variant is the written tokens with one word's replaced, so the two share every token before that word: their
 * log-probabilities there are equal and are not computed, and the written hypothesis's are the search's. The
 * decoder reads the variants a token a step, as the search does and with its shapes (one row, then at most BEAMS:
 * reading each variant whole in one step took 46 MB more of the memory arena, for the logits of every position).
 * Variants are read in batches of those that replace the same or nearby words; a batch's common prefix is read
 * once, on one row, and its cache copied to each variant's row.
 */
const variantGaps = async (
  decoder: Awaited<ReturnType<typeof models>>['decoder'],
  hidden: Tensor,
  best: Hypothesis,
  variants: readonly Variant[],
): Promise<number[]> => {
  const groups = groupsOf(best.tokens, best.logProbs);
  // Word i of `wordsFrom` is the i-th group that writes something.
  const wordGroups = groups.flatMap((group, index) =>
    tokenizer.decode(group.tokens, false, false).trim().length > 0 ? [index] : [],
  );
  // The written hypothesis's log-probability from each token on, its end token included.
  const endLogProb = best.score - best.logProbs.reduce((a, b) => a + b, 0);
  const fromToken: number[] = [];
  let tail = endLogProb;
  for (let i = best.tokens.length; i >= 0; i--) {
    fromToken[i] = tail;
    tail += best.logProbs[i - 1] ?? 0;
  }
  const sequences = variants.map(({ word, text }, index) => {
    const at = wordGroups[word] ?? groups.length;
    const before = groups.slice(0, at).flatMap((group) => group.tokens);
    const after = groups.slice(at + 1).flatMap((group) => group.tokens);
    return {
      index,
      at: before.length,
      tokens: [...before, ...tokenizer.encode(text, false, true, false), ...after],
    };
  });
  const gaps: number[] = Array.from({ length: variants.length }, () => 0);
  const byPlace = [...sequences].sort((a, b) => a.at - b.at);
  for (let first = 0; first < byPlace.length; first += VARIANT_BATCH) {
    const batch = byPlace.slice(first, first + VARIANT_BATCH);
    // Every variant of the batch holds the written tokens before `shared`.
    const shared = Math.min(...batch.map((sequence) => sequence.at));
    const length = Math.max(...batch.map((sequence) => sequence.tokens.length));
    const logProbs = batch.map(() => 0);
    let past = emptyPast();
    // Step s reads the token before position s (the start token at 0) and predicts token s (the end token last).
    for (let step = 0; step <= length; step++) {
      const rows = step <= shared ? 1 : batch.length;
      const inputs = batch
        .slice(0, rows)
        .map((sequence) => (step === 0 ? BOS : (sequence.tokens[step - 1] ?? EOS)));
      const out = await decoder.run(
        {
          input_ids: new ort.Tensor('int64', BigInt64Array.from(inputs.map(BigInt)), [rows, 1]),
          encoder_hidden_states: hidden,
          use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
          ...past,
        },
        step === 0 ? decoder.outputNames : LATER_OUTPUTS,
      );
      if (step >= shared) {
        const logits = out.logits as Tensor;
        const vocabulary = logits.dims[2] ?? 0;
        const data = logits.data as Float32Array;
        batch.forEach((sequence, row) => {
          if (step < sequence.at || step > sequence.tokens.length) return;
          const base = (rows === 1 ? 0 : row) * vocabulary;
          const next = sequence.tokens[step] ?? EOS;
          logProbs[row] = (logProbs[row] ?? 0) + (data[base + next] ?? 0) - logSumExp(data, base, vocabulary);
        });
      }
      // The next step reads every variant on its own row: the common prefix's cache is copied to each.
      past = nextPast(past, out, step, step === shared && batch.length > 1 ? batch.map(() => 0) : null);
    }
    batch.forEach((sequence, row) => {
      gaps[sequence.index] = Math.round(((fromToken[sequence.at] ?? 0) - (logProbs[row] ?? 0)) * 100) / 100;
    });
  }
  return gaps;
};

const wordsFrom = (tokens: number[], logProbs: number[]): RecognisedWord[] => {
  const groups = groupsOf(tokens, logProbs);
  return groups
    .map((group) => ({
      word: tokenizer.decode(group.tokens, false, false).trim(),
      logProb: group.logProbs.reduce((a, b) => a + b, 0) / group.logProbs.length,
    }))
    .filter((w) => w.word.length > 0);
};
