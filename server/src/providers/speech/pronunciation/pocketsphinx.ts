import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PHONES } from '@coach/shared/constants/speech-sounds';

// Debian's PocketSphinx (libpocketsphinx3 + pocketsphinx-en-us, BSD-2) reached through koffi: an acoustic model
// that scores the sounds it is told to expect, with no language model to repair a learner's errors.
// Only grammar (FSG) searches are used: each one forces the target's words in order, so a decode is an
// alignment, about 10 ms for 2 s of audio. One decoder per thread, created on first use.

const require = createRequire(import.meta.url);

/** Where Debian puts the US English model. */
export const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us';

/** The aligner cannot run here: the library or the model is not installed. */
export class AlignerMissingError extends Error {}

/** One stretch of a decode: a dictionary word (a pronunciation, see `wordName`), its frames, its acoustic score. */
export type DecodedSegment = {
  word: string;
  /** First and last 10 ms frame, both included. */
  startFrame: number;
  endFrame: number;
  /**
   * The acoustic score, summed over the frames. PocketSphinx scores every frame against its best senone, so this
   * is at most 0 and a frame's share says how far the expected sound is from the best-fitting sound there
   * (a goodness of pronunciation without a second decode); in the library's log units (base 1.0001, >> 10).
   */
  acoustic: number;
};

/** Frames per second of PocketSphinx's front end. */
export const FRAME_RATE = 100;

/** The dictionary name of a pronunciation: its phones in lower case joined by "_" ("th_ih_ng_k", "sil"). */
export const wordName = (phones: readonly string[]) => phones.join('_').toLowerCase();

type Binding = ReturnType<typeof bind>;

const bind = () => {
  const koffi = require('koffi') as typeof import('koffi');
  let base: ReturnType<typeof koffi.load>;
  let ps: ReturnType<typeof koffi.load>;
  try {
    base = koffi.load('libsphinxbase.so.3');
    ps = koffi.load('libpocketsphinx.so.3');
  } catch (error) {
    throw new AlignerMissingError(
      `PocketSphinx was not found (${error instanceof Error ? error.message : String(error)}): the phone ` +
        "aligner needs Debian's libpocketsphinx3 and pocketsphinx-en-us (apt-get install -y libpocketsphinx3 pocketsphinx-en-us).",
    );
  }
  return {
    psArgs: ps.func('void *ps_args()'),
    parse: base.func(
      'void *cmd_ln_parse_r(void *inout, void *defn, int argc, const char **argv, int strict)',
    ),
    setLogFile: base.func('void err_set_logfp(void *fp)'),
    init: ps.func('void *ps_init(void *config)'),
    addWord: ps.func('int ps_add_word(void *ps, const char *word, const char *phones, int update)'),
    lookupWord: ps.func('const char *ps_lookup_word(void *ps, const char *word)'),
    // ps_set_jsgf_string of 0.8+5prealpha never frees the grammar it parses (about 35 KB a decode, so a worker
    // grew 0.1 MB a recording without end): the same steps are taken here, with the grammar freed.
    parseJsgf: base.func('void *jsgf_parse_string(const char *text, void *parent)'),
    publicRule: base.func('void *jsgf_get_public_rule(void *jsgf)'),
    buildFsg: base.func('void *jsgf_build_fsg(void *jsgf, void *rule, void *logmath, float lw)'),
    freeJsgf: base.func('void jsgf_grammar_free(void *jsgf)'),
    freeFsg: base.func('int fsg_model_free(void *fsg)'),
    floatArg: base.func('double cmd_ln_float_r(void *config, const char *name)'),
    logmath: ps.func('void *ps_get_logmath(void *ps)'),
    setFsg: ps.func('int ps_set_fsg(void *ps, const char *name, void *fsg)'),
    setSearch: ps.func('int ps_set_search(void *ps, const char *name)'),
    startUtt: ps.func('int ps_start_utt(void *ps)'),
    processRaw: ps.func(
      'int ps_process_raw(void *ps, const int16_t *data, size_t n, int no_search, int full_utt)',
    ),
    endUtt: ps.func('int ps_end_utt(void *ps)'),
    getHyp: ps.func('const char *ps_get_hyp(void *ps, _Out_ int *score)'),
    segIter: ps.func('void *ps_seg_iter(void *ps)'),
    segNext: ps.func('void *ps_seg_next(void *seg)'),
    segWord: ps.func('const char *ps_seg_word(void *seg)'),
    segFrames: ps.func('void ps_seg_frames(void *seg, _Out_ int *sf, _Out_ int *ef)'),
    segProb: ps.func('int ps_seg_prob(void *seg, _Out_ int *ascr, _Out_ int *lscr, _Out_ int *lback)'),
  };
};

/** The 39 phones of the model as one-phone dictionary words, and silence. */
const PHONE_WORDS = [...PHONES, 'SIL'];

export type Aligner = {
  /** Adds a pronunciation to the dictionary (once; later calls for the same phones are free). */
  ensureWord: (phones: readonly string[]) => string;
  /**
   * Decodes 16 kHz 16-bit samples against a JSGF grammar whose words are `wordName`s. Returns the segments in
   * order (silences included as "sil"), or null when the grammar cannot be matched to the audio at all.
   */
  decode: (grammar: string, samples: Int16Array) => DecodedSegment[] | null;
  /**
   * The same decode with the search itself on a thread of libuv's pool, so the thread that asked goes on (the
   * recogniser runs meanwhile). Nothing else may use this thread's aligner until it settles: see `withAligner`.
   */
  decodeAsync: (grammar: string, samples: Int16Array) => Promise<DecodedSegment[] | null>;
};

type Made = { binding: Binding; decoder: unknown; languageWeight: number };
let made: Made | null = null;

const decoderOf = () => {
  if (made) return made;
  if (!existsSync(`${MODEL_DIR}/en-us/mdef`)) {
    throw new AlignerMissingError(
      `The PocketSphinx model is missing at ${MODEL_DIR}: apt-get install -y pocketsphinx-en-us (or set POCKETSPHINX_MODEL_DIR).`,
    );
  }
  const binding = bind();
  binding.setLogFile(null);
  // The dictionary starts with the phones alone; every word is added as its pronunciation on first use.
  const args = [
    '-hmm',
    `${MODEL_DIR}/en-us`,
    '-dict',
    '/dev/null',
    '-logfn',
    '/dev/null',
    // No best-path rescoring of a lattice: a grammar search's Viterbi path is the alignment.
    '-bestpath',
    'no',
    // Silence and noise are placed where the grammar says (between words), never inside a word.
    '-fsgusefiller',
    'no',
    // Every decode stands alone: the front end keeps no noise estimate from the one before (the same audio
    // scores the same whatever was heard earlier), and drops no frame as silence (frames are the timeline).
    '-remove_noise',
    'no',
    '-remove_silence',
    'no',
    // Wide beams: the grammar is tiny, and a narrow beam drops the path of a badly said word altogether.
    '-beam',
    '1e-100',
    '-wbeam',
    '1e-100',
    '-pbeam',
    '1e-100',
  ];
  const config = binding.parse(null, binding.psArgs(), args.length, args, 1);
  const decoder = config ? binding.init(config) : null;
  if (!decoder) throw new AlignerMissingError('PocketSphinx could not load its model.');
  for (const phone of PHONE_WORDS) binding.addWord(decoder, wordName([phone]), phone, 0);
  made = { binding, decoder, languageWeight: binding.floatArg(config, '-lw') };
  return made;
};

/** ps_set_jsgf_string's steps (its public rule, the decoder's language weight), freeing what it parsed. */
const setGrammar = ({ binding, decoder, languageWeight }: Made, name: string, grammar: string) => {
  const jsgf = binding.parseJsgf(grammar, null);
  if (!jsgf) return false;
  try {
    const rule = binding.publicRule(jsgf);
    if (!rule) return false;
    const fsg = binding.buildFsg(jsgf, rule, binding.logmath(decoder), languageWeight);
    if (!fsg) return false;
    const set = binding.setFsg(decoder, name, fsg);
    // The search holds its own reference to the model.
    binding.freeFsg(fsg);
    return set >= 0;
  } finally {
    binding.freeJsgf(jsgf);
  }
};

let grammars = 0;

/**
 * A decode is running on the pool's thread. Touching the decoder meanwhile makes PocketSphinx abort the whole
 * process (an assertion in its search), so every use checks this first and throws instead.
 */
let busy = false;

const notBusy = () => {
  if (busy) throw new Error('The aligner is decoding on another thread: use it through withAligner.');
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` when every earlier user of this thread's aligner has finished: one decoder per thread, and an
 * asynchronous decode leaves it busy on another thread while this one goes on (two recordings may be in hand).
 */
export const withAligner = <T>(work: () => T | Promise<T>): Promise<T> => {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
};

/** The aligner of this thread (PocketSphinx is not thread-safe: one decoder each). */
export const aligner = (): Aligner => {
  const current = decoderOf();
  const { binding, decoder } = current;
  const start = (grammar: string) => {
    // A fresh search name each time: setting a JSGF under an existing name keeps the old one in 5prealpha.
    const name = `g${++grammars % 2}`;
    if (!setGrammar(current, name, grammar)) return false;
    binding.setSearch(decoder, name);
    binding.startUtt(decoder);
    return true;
  };
  const finish = () => {
    binding.endUtt(decoder);
    const score = [0];
    if (!binding.getHyp(decoder, score)) return null;
    const segments: DecodedSegment[] = [];
    for (let it = binding.segIter(decoder); it; it = binding.segNext(it)) {
      const startFrame = [0];
      const endFrame = [0];
      const acoustic = [0];
      binding.segFrames(it, startFrame, endFrame);
      binding.segProb(it, acoustic, [0], [0]);
      segments.push({
        word: String(binding.segWord(it)),
        startFrame: startFrame[0] ?? 0,
        endFrame: endFrame[0] ?? 0,
        acoustic: acoustic[0] ?? 0,
      });
    }
    return segments;
  };
  return {
    ensureWord: (phones) => {
      notBusy();
      const name = wordName(phones);
      if (!binding.lookupWord(decoder, name)) binding.addWord(decoder, name, phones.join(' '), 0);
      return name;
    },
    decode: (grammar, samples) => {
      notBusy();
      if (!start(grammar)) return null;
      binding.processRaw(decoder, samples, samples.length, 0, 1);
      return finish();
    },
    decodeAsync: async (grammar, samples) => {
      notBusy();
      if (!start(grammar)) return null;
      busy = true;
      try {
        await new Promise<void>((resolve, reject) => {
          binding.processRaw.async(decoder, samples, samples.length, 0, 1, (error: unknown) =>
            error ? reject(error) : resolve(),
          );
        });
      } finally {
        busy = false;
      }
      return finish();
    },
  };
};
