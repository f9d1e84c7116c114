import { describe, expect, it } from 'vitest';
import { INTERVIEW_REGIONS, interviewOpening, interviewPrompt, interviewPrompts } from './interview.ts';

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

  it('offers regions that each meet their own opening (International the general one)', () => {
    const opening = (region: string) => interviewOpening(region).split(' ')[0];
    expect(Object.fromEntries(INTERVIEW_REGIONS.map((region) => [region, opening(region)]))).toEqual({
      Australia: "G'day,",
      'New Zealand': "G'day,",
      'Asia Pacific': "G'day,",
      'United Kingdom': 'Good',
      Ireland: 'Good',
      Europe: 'Good',
      'United States': 'Hi',
      Canada: 'Hi',
      'North America': 'Hi',
      'Latin America': 'Hi',
      India: 'Hello',
      Asia: 'Hello',
      'Middle East': 'Hello',
      International: 'Hello,',
    });
  });
});
