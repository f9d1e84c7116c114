import { describe, expect, it } from 'vitest';
import { interviewPrompt, interviewPrompts } from './interview.ts';

const setup = { jobTitle: 'Team leader', industry: 'Retail', location: 'Perth', region: 'Australia' };

describe('interview prompts (spec §4)', () => {
  it('walks the five stages in order and asks the job title, industry and location first', () => {
    expect(interviewPrompts(setup).map((p) => p.stage)).toEqual([
      'POSITION',
      'ICEBREAKING',
      'TECHNICAL',
      'BEHAVIOURAL',
      'FEEDBACK',
    ]);
    expect(interviewPrompt('POSITION', setup)).toMatch(/Team leader.*Retail.*Perth/);
  });

  it('opens differently by region', () => {
    expect(interviewPrompt('POSITION', setup)).toContain("G'day");
    expect(interviewPrompt('POSITION', { ...setup, region: 'United Kingdom' })).toContain('Good morning');
    expect(interviewPrompt('POSITION', { ...setup, region: 'Mars' })).toContain('Hello, and welcome');
  });
});
