import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE as clientMessage } from '../client.ts';
import {
  CONTACT_FORM_MESSAGES,
  GENERIC_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  RECORD_ADDED_MESSAGE,
} from './messages.ts';

describe('messages (spec §5, §8)', () => {
  it('keeps the spec wording', () => {
    expect(RECORD_ADDED_MESSAGE).toBe('Record added successfully');
    expect(NOT_FOUND_MESSAGE).toBe('Sorry, page not found');
    expect(Object.values(CONTACT_FORM_MESSAGES)).toEqual([
      'Please Enter Name',
      'Please Enter Email',
      'Invalid Mobile Number',
      'Please Enter Message',
    ]);
  });

  it('re-uses the client generic error text', () => {
    expect(GENERIC_ERROR_MESSAGE).toBe(clientMessage);
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong. Please try again.');
  });
});
