import { describe, expect, it } from 'vitest';
import { contactFormErrors, marketplace, validateContactForm } from './marketplace.ts';

const filled = { name: 'Ada', email: 'ada@example.com', mobileNo: '+61412345678', message: 'Tell me more' };
const firstMessage = (data: unknown) => {
  const result = marketplace.sendContactUsDetails.request.safeParse({ data });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('contact-us form (spec §5)', () => {
  it('visitor submitting an empty form is told the name first, then email, mobile, message in order', () => {
    expect(firstMessage({ name: ' ', email: ' ', mobileNo: '', message: ' ' })).toBe('Please Enter Name');
    expect(firstMessage({ ...filled, email: '  ', mobileNo: '', message: '' })).toBe('Please Enter Email');
    expect(firstMessage({ ...filled, mobileNo: '', message: '' })).toBe('Invalid Mobile Number');
    expect(firstMessage({ ...filled, message: '   ' })).toBe('Please Enter Message');
    expect(firstMessage(filled)).toBeNull();
  });

  it('treats missing fields like empty ones', () => {
    expect(firstMessage({})).toBe('Please Enter Name');
    expect(firstMessage({ name: 'Ada' })).toBe('Please Enter Email');
  });

  it('accepts only digits and plus signs in the mobile number', () => {
    expect(firstMessage({ ...filled, mobileNo: '+61 412 345 678' })).toBe('Invalid Mobile Number');
    expect(firstMessage({ ...filled, mobileNo: '0412-345-678' })).toBe('Invalid Mobile Number');
  });

  it('refuses a number that cannot exist in the country of its dial code', () => {
    for (const mobileNo of ['+6112', '+1', '+61', '+61412', '+614123456789012', '+999123456789'])
      expect(firstMessage({ ...filled, mobileNo }), mobileNo).toBe('Invalid Mobile Number');
    // Mobiles and landlines of the preferred countries and others, with or without the '+'.
    for (const mobileNo of ['+61412345678', '61412345678', '+61298765432', '+919876543210', '+12025550123'])
      expect(firstMessage({ ...filled, mobileNo }), mobileNo).toBeNull();
  });

  it('contactFormErrors names every failing field in the spec order', () => {
    expect(contactFormErrors({ name: 'Ada', email: '', mobileNo: '+6112', message: '' })).toEqual({
      email: 'Please Enter Email',
      mobileNo: 'Invalid Mobile Number',
      message: 'Please Enter Message',
    });
    expect(Object.keys(contactFormErrors({}))).toEqual(['name', 'email', 'mobileNo', 'message']);
    expect(contactFormErrors(filled)).toEqual({});
  });

  it("checks the email as the email input type does (spec §5), since the form skips the browser's check", () => {
    for (const email of ['not-an-email', 'abc', 'ann@', '@example.com', 'a b@example.com'])
      expect(firstMessage({ ...filled, email }), email).toBe('Please enter a valid email');
    for (const email of ['ada@example.com', 'a@b', 'first.last+tag@sub.example.co'])
      expect(firstMessage({ ...filled, email }), email).toBeNull();
    // An empty address is asked for, not called invalid.
    expect(contactFormErrors({ ...filled, email: ' ' })).toEqual({ email: 'Please Enter Email' });
  });

  it('carries a partner programme as the contact context', () => {
    const result = marketplace.contactFormHome.request.parse({
      data: { ...filled, programme: ' Story Up ' },
    });
    expect(result.data.programme).toBe('Story Up');
  });

  it('says a search, a name or an email that is too long in plain words', () => {
    const search = marketplace.getSearchList.request.safeParse({ search: 'x'.repeat(101) });
    expect(search.error?.issues[0]?.message).toBe('Search with at most 100 characters');
    const name = marketplace.generateSecret.request.safeParse({
      courseId: 'c1',
      name: 'x'.repeat(150),
      email: 'ada@example.com',
    });
    expect(name.error?.issues[0]?.message).toBe('Name is too long');
  });

  it('carries the course context and trims the fields', () => {
    const result = marketplace.sendContactUsDetails.request.parse({
      data: { ...filled, name: '  Ada ', courseId: 'c1', courseName: 'English B2' },
    });
    expect(result.data).toMatchObject({ name: 'Ada', courseId: 'c1', courseName: 'English B2' });
  });

  it('rejects unknown fields', () => {
    expect(firstMessage({ ...filled, admin: true })).toMatch(/admin/);
  });

  it('validateContactForm gives the browser the same first message', () => {
    expect(validateContactForm({})).toBe('Please Enter Name');
    expect(validateContactForm({ name: 'Ada', email: 'a@b.c', mobileNo: '12a' })).toBe(
      'Invalid Mobile Number',
    );
    expect(validateContactForm(filled)).toBeNull();
  });
});

describe('marketplace calls', () => {
  it('course filters default to page 1 with no filters (spec §3)', () => {
    expect(marketplace.getAllCoursesHome.request.parse({})).toEqual({
      search: '',
      institutes: [],
      categories: [],
      page: 1,
    });
  });

  it('keeps the rating filter to tenths, so a tiny double cannot reach the 4-byte real column', () => {
    const rating = (value: number) => marketplace.getAllCoursesHome.request.parse({ rating: value }).rating;
    expect(rating(4.5)).toBe(4.5);
    expect(rating(3.96)).toBe(4);
    expect(rating(1e-300)).toBe(0);
    expect(marketplace.getAllCoursesHome.request.safeParse({ rating: 5.5 }).success).toBe(false);
  });

  it('refuses a NUL byte in the public search (PostgreSQL cannot store or compare it)', () => {
    const result = marketplace.getSearchList.request.safeParse({ search: 'nul\u0000byte' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['search']);
  });

  it('search takes the typed text and returns course results', () => {
    expect(marketplace.getSearchList.request.parse({ search: ' english ' })).toEqual({ search: 'english' });
    expect(
      marketplace.getSearchList.response.parse([
        { _id: 'c1', courseName: 'English B2', courseProviderName: 'AMES Australia', courseImgUrl: null },
      ]),
    ).toHaveLength(1);
  });
});
