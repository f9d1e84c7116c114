import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { surveyText } from './survey-messages.ts';

describe('survey messages in the chosen language', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('leaves English exactly as the server and the contract wrote it', () => {
    expect(surveyText('Assigned to 2 groups and 1 member')).toBe('Assigned to 2 groups and 1 member');
    expect(surveyText('At most 1000 characters')).toBe('At most 1000 characters');
  });

  it('says the sentences built with a number or a name, with the plural forms of the language', async () => {
    await applyLanguage('uk');
    expect(surveyText('Assigned to 2 groups and 5 members')).toBe('Призначено: 2 групи і 5 учасників');
    expect(surveyText('Assigned to 1 group')).toBe('Призначено: 1 група');
    expect(surveyText('21 responses exported')).toBe('Експортовано 21 відповідь');
    expect(surveyText('Please type your answer for "Something else"')).toBe(
      'Введіть свою відповідь для «Something else»',
    );
    // A refused answer names its question after the rule; the fixed sentences come from server.json.
    expect(surveyText('Please answer this question (How was your week?)')).toBe(
      'Дайте відповідь на це запитання (How was your week?)',
    );
    expect(surveyText('Survey closed')).toBe('Опитування закрито');
    expect(surveyText('title: At most 200 characters')).toBe('Щонайбільше 200 символів');
    expect(surveyText('Nobody listed this')).toBe('Nobody listed this');
  });
});
