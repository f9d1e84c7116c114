import type { PronunciationResult } from '@coach/shared/contract/tasks';
import { Card } from './layout.tsx';
import { ProgressBar } from './progress-bar.tsx';

/**
 * The coach's score of a Pronunciation task: the overall score against the passing score, each item's score
 * and what the speech engine heard in each (issue 16).
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
    <p className="pronunciation-score__note">
      {who === 'you'
        ? 'Scored from what the coach heard in your recordings'
        : `Scored from what the coach heard in ${who}'s recordings`}{' '}
      ({result.accent}).
    </p>
    <table className="table pronunciation-score__items">
      <caption className="visually-hidden">Score of each item</caption>
      <thead>
        <tr>
          <th scope="col">Say</th>
          <th scope="col" className="table__number">
            Score
          </th>
          <th scope="col">Heard</th>
        </tr>
      </thead>
      <tbody>
        {result.items.map((item, index) => (
          <tr key={`${index}-${item.expected}`}>
            <td>{item.expected}</td>
            <td className="table__number">{item.score}</td>
            <td>{item.heard ?? 'No speech heard'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Card>
);
