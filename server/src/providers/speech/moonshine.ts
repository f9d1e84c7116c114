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

type Tensor = InstanceType<typeof ort.Tensor>;

/**
 * Transcribes one chunk (at most about 20 s: longer audio makes Moonshine invent text) by greedy decoding:
 * the encoder once, then the merged decoder one token at a time with its key/value cache, as moonshine-js does
 * in the browser (shared/research/moonshine-reference.mjs is the loop that was measured). Each token's
 * log-probability under the model is kept, for the words' confidence.
 */
export const recognise = async (samples: Float32Array): Promise<RecognisedWord[]> => {
  const { encoder, decoder } = await models();
  const encoded = await encoder.run({
    input_values: new ort.Tensor('float32', samples, [1, samples.length]),
  });
  const hidden = encoded.last_hidden_state as Tensor;
  let past: Record<string, Tensor> = {};
  for (let layer = 0; layer < LAYERS; layer++) {
    for (const part of ['decoder', 'encoder']) {
      for (const kind of ['key', 'value']) {
        past[`past_key_values.${layer}.${part}.${kind}`] = new ort.Tensor('float32', new Float32Array(0), [
          0,
          KV_HEADS,
          1,
          HEAD_DIM,
        ]);
      }
    }
  }
  const maxTokens = Math.trunc((samples.length / SAMPLE_RATE) * MAX_TOKENS_PER_SECOND) + 4;
  const tokens: number[] = [];
  const logProbs: number[] = [];
  let next = BOS;
  for (let step = 0; step < maxTokens; step++) {
    const out = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(next)]), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
      ...past,
    });
    const logits = out.logits as Tensor;
    const vocabulary = logits.dims[2] ?? 0;
    const data = logits.data as Float32Array;
    const base = ((logits.dims[1] ?? 1) - 1) * vocabulary;
    let best = 0;
    let bestLogit = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < vocabulary; k++) {
      const logit = data[base + k] ?? Number.NEGATIVE_INFINITY;
      if (logit > bestLogit) {
        bestLogit = logit;
        best = k;
      }
    }
    if (best === EOS) break;
    // log-softmax of the chosen token: -log(sum(exp(logit - best))).
    let sum = 0;
    for (let k = 0; k < vocabulary; k++) sum += Math.exp((data[base + k] ?? 0) - bestLogit);
    tokens.push(best);
    logProbs.push(-Math.log(sum));
    next = best;
    // The encoder's cache is computed on the first step and reused; the decoder's grows every step.
    const updated: Record<string, Tensor> = {};
    for (const [name, tensor] of Object.entries(past)) {
      const present = out[name.replace('past_key_values', 'present')] as Tensor;
      updated[name] = step === 0 || name.includes('.decoder.') ? present : tensor;
    }
    past = updated;
  }
  return wordsFrom(tokens, logProbs);
};

/** SentencePiece marks a word's first piece with "▁": the tokens between two marks make one word. */
const wordsFrom = (tokens: number[], logProbs: number[]): RecognisedWord[] => {
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
  return groups
    .map((group) => ({
      word: tokenizer.decode(group.tokens, false, false).trim(),
      logProb: group.logProbs.reduce((a, b) => a + b, 0) / group.logProbs.length,
    }))
    .filter((w) => w.word.length > 0);
};
