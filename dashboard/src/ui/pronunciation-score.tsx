import type { PronunciationResult } from '@coach/shared/contract/tasks';
import { Card } from './layout.tsx';
import { ProgressBar } from './progress-bar.tsx';

/**
 * The coach's score of a Pronunciation task: the overall score against the passing score, each item's score
 * and, from a transcribing engine, what it heard. An estimate says so.
 */
export const PronunciationScore = ({ result, who }: { result: PronunciationResult; who: 'you' | string }) => (
  <Card title="Pronunciation score" className="pronunciation-score" aria-label="Pronunciation score">
    <p className="pronunciation-score__headline">
      <strong className="pronunciation-score__value">{result.score}</strong>
      <span> / 100 · passing score {result.passingScore} · </span>
      <span className={result.passed ? 'chip chip--success' : 'chip chip--danger'}>
        {result.passed ? 'Passed' : 'Not passed yet'}
      </span>
    </p>
    <ProgressBar
      value={result.score}
      label="Pronunciation score"
      tone={result.passed ? 'success' : 'accent'}
    />
    {result.method === 'estimate' ? (
      <p className="pronunciation-score__note">
        {who === 'you'
          ? 'Estimated from the length of your recording'
          : `Estimated from the length of ${who}'s recordings`}
        : the built-in coach times each recording against the words to say; it does not hear the words.
      </p>
    ) : (
      <p className="pronunciation-score__note">Scored from what the coach heard ({result.accent}).</p>
    )}
    <table className="table pronunciation-score__items">
      <caption className="visually-hidden">Score of each item</caption>
      <thead>
        <tr>
          <th scope="col">Say</th>
          <th scope="col" className="table__number">
            Score
          </th>
          {result.method === 'transcript' ? <th scope="col">Heard</th> : null}
        </tr>
      </thead>
      <tbody>
        {result.items.map((item, index) => (
          <tr key={`${index}-${item.expected}`}>
            <td>{item.expected}</td>
            <td className="table__number">{item.score}</td>
            {result.method === 'transcript' ? <td>{item.heard ?? '—'}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  </Card>
);
