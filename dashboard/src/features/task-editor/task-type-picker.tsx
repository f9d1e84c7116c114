import { TASK_TYPE_VALUES, TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';

/** One line per type for the picker (the labels are spec §3's), in the language on screen (task-editor.json). */
export const taskTypeDescription = (type: TaskType) => i18n.t(`task-editor:types.${type}`);

const TypeIcon = ({ type }: { type: TaskType }) => {
  const paths: Record<TaskType, string> = {
    1: 'M4 5h7a2 2 0 0 1 2 2v12a2 2 0 0 0-2-2H4zM20 5h-5a2 2 0 0 0-2 2v12a2 2 0 0 1 2-2h5z',
    2: 'M12 4a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V7a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v3',
    3: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
    4: 'M5 5h14v10H9l-4 4zM9 9h6M9 12h4',
    5: 'M4 5h9v14H4zM17 8v6M20 6v10M8 9h2M8 12h2',
    6: 'M8 7V5h8v2M4 7h16v12H4zM4 12h16',
    7: 'M4 19l4-1 10-10-3-3L5 15zM13 7l3 3',
    8: 'M5 6h2v2H5zM5 11h2v2H5zM5 16h2v2H5zM10 7h9M10 12h9M10 17h9',
  };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[type]} />
    </svg>
  );
};

/** The first step of /enterprise/create-task: eight cards, one per task type. */
export const TaskTypePicker = ({
  current,
  onPick,
  types = TASK_TYPE_VALUES,
}: {
  current: TaskType | null;
  onPick: (type: TaskType) => void;
  /** The types offered (an enterprise's flags can close some). */
  types?: readonly TaskType[];
}) => {
  const { t } = useTranslation('task-editor');
  return (
    <section aria-labelledby="task-type-title">
      <h2 id="task-type-title" className="type-picker__title">
        {t('pickerTitle')}
      </h2>
      <ul className="type-picker">
        {types.map((type) => (
          <li key={type}>
            <button
              type="button"
              className={`type-card ${current === type ? 'type-card--on' : ''}`}
              aria-pressed={current === type ? true : undefined}
              onClick={() => onPick(type)}
            >
              <span className="type-card__icon">
                <TypeIcon type={type} />
              </span>
              {/* Title, description and any note in one column beside the icon: a note of its own in the card's
                  grid fell into the icon's column and squeezed the text (the Video card). */}
              <span className="type-card__body">
                <span className="type-card__label">{t(`tasks:types.${type}`)}</span>
                <span className="type-card__text">{t(`types.${type}`)}</span>
                {type === TASK_TYPES.video ? (
                  <span className="type-card__needs">{t('typeNeeds.3')}</span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
};
