import { useCourseText } from '../../i18n/course-text.ts';
import { Button } from '../../ui/button.tsx';

/** A message about a whole list (too many, none), focusable so a failed save can take the reader to it. */
export const ListError = ({ message }: { message: string | undefined }) => {
  const { message: translate } = useCourseText();
  return message ? (
    <p className="field__error" tabIndex={-1} data-error-anchor>
      {translate(message)}
    </p>
  ) : null;
};

/** What a row's buttons say to a screen reader, naming the row ("Move lesson 1 of module 3 up"). */
export type RowNames = { up: string; down: string; remove: string };

/**
 * Up, Down and Remove for a row. `names` name the row for a screen reader since every row has the same visible
 * buttons. A move keeps the focus on a move button of the moved row.
 */
export const RowTools = ({
  rowKey,
  names,
  index,
  count,
  onMove,
  onRemove,
  compact = false,
}: {
  rowKey: string;
  names: RowNames;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  compact?: boolean;
}) => {
  const { t } = useCourseText();
  return (
    <div className="outline-tools">
      <Button
        id={`up-${rowKey}`}
        variant="ghost"
        size="sm"
        aria-label={names.up}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <span className="outline-tools__arrow" aria-hidden="true">
          ↑
        </span>
        {compact ? null : ` ${t('outline.up')}`}
      </Button>
      <Button
        id={`down-${rowKey}`}
        variant="ghost"
        size="sm"
        aria-label={names.down}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <span className="outline-tools__arrow" aria-hidden="true">
          ↓
        </span>
        {compact ? null : ` ${t('outline.down')}`}
      </Button>
      <Button variant="ghost" size="sm" aria-label={names.remove} onClick={onRemove}>
        {t('outline.remove')}
      </Button>
    </div>
  );
};

/** After a move the pressed button may be disabled (top or bottom): then the other one takes the focus. */
export const moveFocusTarget = (rowKey: string, to: number, count: number, by: -1 | 1) => {
  if (by === -1) return to === 0 ? `down-${rowKey}` : `up-${rowKey}`;
  return to === count - 1 ? `up-${rowKey}` : `down-${rowKey}`;
};
