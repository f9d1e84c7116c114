import { ApiError } from '@coach/shared/client';
import { describe, expect, it } from 'vitest';
import { apiErrorText } from '../features/auth/api-error-text.ts';
import { applyLanguage } from './index.ts';
import { serverText } from './server-text.ts';

describe("the server's messages in the chosen language (issue 18)", () => {
  it('translates a listed English sentence whole and leaves anything else as it is', async () => {
    expect(serverText('Verification code sent')).toBe('Verification code sent');
    await applyLanguage('ar');
    expect(serverText('Verification code sent')).toBe('تم إرسال رمز التحقق');
    expect(serverText('Your password has been reset. Please log in.')).toBe(
      'تمت إعادة تعيين كلمة المرور. يرجى تسجيل الدخول.',
    );
    expect(serverText('Some sentence: nobody listed it.')).toBe('Some sentence: nobody listed it.');
    // A 422 names its field before the sentence; the reader sees the sentence in their language.
    expect(serverText('code: The code is incorrect or has expired')).toBe('الرمز غير صحيح أو انتهت صلاحيته');
  });

  it("says the throttle's wait with the language's plural forms", async () => {
    const wait = (seconds: number) =>
      apiErrorText(new ApiError({ status: 429, message: 'Too many', retryAfter: seconds }));
    expect(wait(60)).toBe('Too many attempts, try again in 1 minute');
    expect(wait(300)).toBe('Too many attempts, try again in 5 minutes');
    await applyLanguage('uk');
    expect(wait(180)).toBe('Забагато спроб, спробуйте ще раз за 3 хвилини');
    expect(wait(300)).toBe('Забагато спроб, спробуйте ще раз за 5 хвилин');
    await applyLanguage('ar');
    expect(wait(120)).toBe('محاولات كثيرة جدًا، حاول مجددًا بعد دقيقتين');
  });
});
