import { readFileSync } from 'node:fs';
import { decodeAudio, transcribeSamples, warmUpEmbeddedSpeech } from './providers/speech/index.ts';
await warmUpEmbeddedSpeech();
for (const f of ['a','b','c']) {
  const samples = await decodeAudio({bytes: new Uint8Array(readFileSync(`/tmp/fill/${f}.wav`)), contentType:'audio/wav'});
  const t = await transcribeSamples(samples, {});
  console.log(f, JSON.stringify(t.text), JSON.stringify(t.segments), t.words.map(w=>`${w.word}@${w.start.toFixed(2)}-${w.end.toFixed(2)}`).join(' '));
}
