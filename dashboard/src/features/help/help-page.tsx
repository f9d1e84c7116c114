import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { ISSUE_TOPICS, type IssueTopic } from '@coach/shared/constants/issue-topics';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import './help.css';

type Errors = { subject?: string; message?: string; form?: string };

/** /enterprise/help: a message to the support team, delivered by mail. */
export const HelpPage = () => {
  const [topic, setTopic] = useState<IssueTopic | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!subject.trim()) next.subject = 'Please enter a subject';
    if (!message.trim()) next.message = 'Please enter a message';
    setErrors(next);
    if (next.subject || next.message) return;
    setSending(true);
    try {
      await api.call(enterpriseGeneral.helpEmail, {
        subject: subject.trim(),
        message: message.trim(),
        ...(topic ? { topic } : {}),
      });
      notify.success('Your message has been sent to our support team');
      setSent(true);
      setTopic('');
      setSubject('');
      setMessage('');
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'subject' || error.field === 'message'))
        setErrors({ [error.field]: error.message.replace(/^\w+: /, '') });
      else setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="help">
      <PageHeader title="Help" description="Ask our support team a question; we answer by email." />
      <Card>
        <form className="help__form" onSubmit={submit} noValidate>
          <FormAlert message={errors.form} />
          <FormAlert
            tone="success"
            message={
              sent ? 'Thanks, your message is on its way. We usually answer within one working day.' : null
            }
          />
          <SelectField
            label="Topic (optional)"
            value={topic}
            onChange={(event) => setTopic(event.target.value as IssueTopic | '')}
          >
            <option value="">Choose a topic</option>
            {ISSUE_TOPICS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Subject"
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.target.value)}
            error={errors.subject}
          />
          <TextAreaField
            label="Message"
            value={message}
            maxLength={5000}
            onChange={(event) => setMessage(event.target.value)}
            error={errors.message}
            hint={`${message.length} / 5000`}
          />
          <div className="help__actions">
            <Button type="submit" loading={sending}>
              Send message
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};
