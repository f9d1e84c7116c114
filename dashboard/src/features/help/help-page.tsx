import { ISSUE_TOPICS, type IssueTopic } from '@coach/shared/constants/issue-topics';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { type FormErrors, useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import './help.css';

/** Each topic's key in help.json; the value sent stays the spec's English topic. */
const TOPIC_KEYS: Record<IssueTopic, string> = {
  'Work - life balance': 'workLife',
  'Managing conflict': 'conflict',
  'Insufficient training': 'training',
  'Motivation/lack of opportunity': 'motivation',
  'Stress/Overworked': 'stress',
  Performance: 'performance',
  'IVR-Personalised': 'ivrPersonalised',
  'IVR-Coaching': 'ivrCoaching',
};

const FIELDS = ['subject', 'message'] as const;

/** /enterprise/help: a message to the support team, delivered by mail. */
export const HelpPage = () => {
  const { t } = useTranslation('help');
  const [topic, setTopic] = useState<IssueTopic | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const {
    errors,
    saving: sending,
    send,
    field,
    limits,
  } = useContractForm(FIELDS, enterpriseGeneral.helpEmail);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FormErrors<(typeof FIELDS)[number]> = {};
    if (!subject.trim()) next.subject = t('form.subjectRequired');
    if (!message.trim()) next.message = t('form.messageRequired');
    const answer = await send(
      enterpriseGeneral.helpEmail,
      { subject, message, ...(topic ? { topic } : {}) },
      { errors: next, toast: t('sent') },
    );
    if (!answer) return;
    setSent(true);
    setTopic('');
    setSubject('');
    setMessage('');
  };

  return (
    <div className="help">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <form className="help__form" onSubmit={submit} noValidate>
          <FormAlert message={errors.form} />
          <FormAlert tone="success" message={sent ? t('thanks') : null} />
          <SelectField
            label={t('form.topic')}
            value={topic}
            onChange={(event) => setTopic(event.target.value as IssueTopic | '')}
          >
            <option value="">{t('form.chooseTopic')}</option>
            {ISSUE_TOPICS.map((value) => (
              <option key={value} value={value}>
                {t(`topics.${TOPIC_KEYS[value]}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('form.subject')}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            {...field('subject')}
          />
          <TextAreaField
            label={t('form.message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            {...field('message')}
            hint={t('form.length', {
              length: formatNumber(message.length),
              max: formatNumber(limits.message?.maxLength ?? 0),
            })}
          />
          <div className="help__actions">
            <Button type="submit" loading={sending}>
              {t('form.send')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};
