import { ApiError } from '@coach/shared/client';
import { describe, expect, it } from 'vitest';
import { apiErrorText, apiFieldErrorText, withoutField } from './api-error-text.ts';

const invalid = (field: string, sentence: string) =>
  new ApiError({ status: 422, message: `${field}: ${sentence}`, code: 'VALIDATION_ERROR', field });

describe('a server message never shows the field name the server puts first', () => {
  it('a 422 naming a field reads as its sentence alone, under the field or above the form', () => {
    const error = invalid('code', 'The code is incorrect or has expired');
    expect(apiFieldErrorText(error)).toBe('The code is incorrect or has expired');
    expect(apiErrorText(error)).toBe('The code is incorrect or has expired');
  });

  it("a field path with any character (an id's dash) goes exactly", () => {
    expect(apiErrorText(invalid('questions.q-1.options', 'Options must be different'))).toBe(
      'Options must be different',
    );
    expect(withoutField('domains.0: No TXT record found')).toBe('No TXT record found');
  });

  it('a message naming no field keeps its words', () => {
    expect(apiErrorText(new ApiError({ status: 403, message: 'Note: this is kept' }))).toBe(
      'Note: this is kept',
    );
  });
});
