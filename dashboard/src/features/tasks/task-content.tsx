import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { Task } from '@coach/shared/contract/tasks';
import { attachmentName } from '@coach/shared/format/attachment-name';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../lib/file-size.ts';
import { Card } from '../../ui/layout.tsx';
import { UserText } from '../../ui/user-text.tsx';

const Passage = ({ text }: { text: string }) => (
  <div className="task-passage">
    {text.split(/\n{2,}/).map((paragraph, index) => (
      <p key={index} dir="auto">
        {paragraph}
      </p>
    ))}
  </div>
);

const Questions = ({ questions }: { questions: string[] }) => (
  <ol className="task-items">
    {questions.map((question, index) => (
      <li key={index}>
        <UserText>{question}</UserText>
      </li>
    ))}
  </ol>
);

/** What the learner gets: the passage, items, video, questions or interview, by type (spec §3). */
const Body = ({ task }: { task: Task }) => {
  const { t } = useTranslation('tasks');
  switch (task.type) {
    case TASK_TYPES.read:
      return task.passage ? (
        <Passage text={task.passage} />
      ) : (
        <p className="task-muted">{t('content.fromTopic', { id: task.readingTopicId })}</p>
      );
    case TASK_TYPES.pronunciation:
      return (
        <ol className="task-items">
          {task.items.map((item, index) => (
            <li key={index}>
              <UserText>{item}</UserText>
            </li>
          ))}
        </ol>
      );
    case TASK_TYPES.video:
      return (
        <dl className="facts">
          <dt>{t('content.videoContent')}</dt>
          <dd>
            <code>{task.contentId}</code>
          </dd>
        </dl>
      );
    case TASK_TYPES.questionAndAnswer:
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return <Questions questions={task.questions} />;
    case TASK_TYPES.readAndRecord:
      return <Passage text={task.passage} />;
    case TASK_TYPES.getInterviewReady:
      return (
        <dl className="facts">
          <dt>{t('content.jobTitle')}</dt>
          <dd dir="auto">{task.jobTitle}</dd>
          <dt>{t('content.industry')}</dt>
          <dd dir="auto">{task.industry}</dd>
          <dt>{t('content.location')}</dt>
          <dd dir="auto">{task.location}</dd>
          <dt>{t('content.region')}</dt>
          <dd dir="auto">{task.region}</dd>
        </dl>
      );
    case TASK_TYPES.multipleChoiceQuestion:
      return (
        <ol className="task-items task-items--mcq">
          {task.questions.map((question) => {
            const answers = new Set(
              question.answer === undefined
                ? []
                : Array.isArray(question.answer)
                  ? question.answer
                  : [question.answer],
            );
            return (
              <li key={question.id}>
                <p className="task-question" dir="auto">
                  {question.text}
                </p>
                <p className="task-question__rules">
                  {question.multipleSelection ? t('content.several') : t('content.one')}
                  {` · ${question.required ? t('content.required') : t('content.optional')}`}
                </p>
                <ul className="task-options">
                  {question.options.map((option) => (
                    <li
                      key={option.value}
                      className={answers.has(option.value) ? 'task-options__answer' : undefined}
                    >
                      <UserText>{option.text}</UserText>
                      {answers.has(option.value) ? (
                        <span className="chip">{t('content.expected')}</span>
                      ) : null}
                    </li>
                  ))}
                  {question.hasOther ? (
                    <li className="task-options__other">
                      {t('content.otherFree', { other: question.otherText || t('content.other') })}
                    </li>
                  ) : null}
                </ul>
              </li>
            );
          })}
        </ol>
      );
  }
};

/** The task's content and attachments; the content card's title by type is tasks.json content.titles. */
export const TaskContent = ({ task }: { task: Task }) => {
  const { t } = useTranslation('tasks');
  return (
    <>
      <Card title={t(`content.titles.${task.type}`)}>
        <Body task={task} />
      </Card>
      {task.attachments.length > 0 ? (
        <Card title={t('content.attachments')}>
          <ul className="task-attachments">
            {task.attachments.map((file) => (
              <li key={file.fileUrl} className="task-attachments__item">
                <a href={file.fileUrl} target="_blank" rel="noreferrer" title={file.fileName}>
                  {attachmentName(file.fileName)}
                </a>
                <span className="task-muted">
                  {file.fileType} · {fileSize(file.fileSize)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
};
