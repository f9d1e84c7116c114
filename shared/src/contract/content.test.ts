import { describe, expect, it } from 'vitest';
import { contentActions, contentLibrary } from './content.ts';
import { enterpriseGeneral } from './general.ts';

describe('content calls', () => {
  it('do-action accepts viewed and refuses unknown action names', () => {
    expect(contentActions.doAction.request.parse({ contentId: 'v1', actionName: 'viewed' })).toEqual({
      contentId: 'v1',
      actionName: 'viewed',
    });
    const bad = contentActions.doAction.request.safeParse({ contentId: 'v1', actionName: 'deleted' });
    expect(bad.error?.issues[0]?.path).toEqual(['actionName']);
  });

  it('the journaling review needs all three answers', () => {
    const result = contentActions.submitContentReview.request.safeParse({
      contentId: 'v1',
      learnedFromVideo: 'Listen first',
      goodOutcome: ' ',
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      'goodOutcome',
      'stepsForAchievement',
    ]);
  });

  it('get-video-content coerces the viewall flags and sorts latest by default', () => {
    expect(contentLibrary.getVideoContent.request.parse({ viewallsocial: 'true', search: '' })).toEqual({
      search: '',
      sortBy: 'latest',
      viewallsocial: true,
    });
    expect(contentLibrary.getVideoContent.request.parse({ sortBy: 'liked' }).sortBy).toBe('liked');
    expect(contentLibrary.getVideoContent.request.safeParse({ sortBy: 'oldest' }).success).toBe(false);
  });

  it('contenttype is one of the four categories and currentPage is a page number', () => {
    expect(
      contentLibrary.getVideoContent.request.parse({ contenttype: 'social', currentPage: '2' }),
    ).toMatchObject({ contenttype: 'social', currentPage: 2 });
    const bad = contentLibrary.getVideoContentForTask.request.safeParse({ contenttype: 'cooking' });
    expect(bad.error?.issues[0]?.path).toEqual(['contenttype']);
  });
});

describe('general calls', () => {
  it('my-dashboard takes a group and a date range, start not after end', () => {
    expect(
      enterpriseGeneral.myDashboard.request.parse({
        groupId: 'g1',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
      }),
    ).toEqual({
      groupId: 'g1',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(enterpriseGeneral.myDashboard.request.parse({ groupId: '' })).toEqual({});
    const bad = enterpriseGeneral.myDashboard.request.safeParse({
      startDate: '2026-02-01',
      endDate: '2026-01-01',
    });
    expect(bad.error?.issues[0]?.path).toEqual(['endDate']);
  });

  it('theme settings need six #RRGGBB colours', () => {
    const colours = {
      buttonColor: '#ffffff',
      buttonBackColor: '#000000',
      buttonHoverColor: '#ffffff',
      buttonBackHoverColor: '#111111',
      navFontColor: '#eeeeee',
      navBackgroundColor: '#222222',
    };
    expect(enterpriseGeneral.updateThemeSettings.request.safeParse({ themeSettings: colours }).success).toBe(
      true,
    );
    const bad = enterpriseGeneral.updateThemeSettings.request.safeParse({
      themeSettings: { ...colours, navFontColor: 'red' },
    });
    expect(bad.error?.issues[0]?.path).toEqual(['themeSettings', 'navFontColor']);
  });

  it('signed upload requests name a purpose, a MIME type and a size', () => {
    const ok = enterpriseGeneral.putSignedRequestForUpload.request.safeParse({
      purpose: 'avatar',
      fileName: 'me.png',
      fileType: 'image/png',
      fileSize: 2048,
    });
    expect(ok.success).toBe(true);
    const empty = enterpriseGeneral.putSignedRequestForUpload.request.safeParse({
      purpose: 'avatar',
      fileName: 'me.png',
      fileType: 'image/png',
      fileSize: 0,
    });
    expect(empty.error?.issues[0]?.message).toBe('The file is empty');
  });
});
