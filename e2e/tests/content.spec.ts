import type { Locator, Page, Request } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A learner watches the video of their Video task. Speeds and subtitles switch; seeking alone does not
 * count, playing past 80 % records 'viewed' once and completes the task; closing then asks the journaling
 * questions. The owner sees the view counted once and who watched, and browses the content library.
 */

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
const VIDEO = 'Active listening';
const COACH = 'Hannah Okafor';
const TASK = `Watch: ${VIDEO}`;
const ANSWERS = {
  'What did you learn from the video?': 'To summarise what I heard before I answer.',
  'What would a good outcome look like for you?': 'Customers feel heard on the first call.',
  'What steps will you take to achieve it?': 'Ask one checking question on every call this week.',
};

/** The player's <video>, made by plyr inside the dialog. */
const videoOf = (dialog: Locator) => dialog.locator('video');
const media = <T>(dialog: Locator, read: (video: HTMLVideoElement) => T) => videoOf(dialog).evaluate(read);

/** 'viewed' requests the page sends to contentactions/do-action. */
const trackViewed = (page: Page) => {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (
      request.url().includes('/contentactions/do-action') &&
      request.postDataJSON()?.actionName === 'viewed'
    )
      sent.push(request);
  });
  return sent;
};
const viewedResponse = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/contentactions/do-action') &&
      response.request().postDataJSON()?.actionName === 'viewed',
  );

/** The player dialog once its video knows its length. */
const openedPlayer = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: VIDEO });
  await expect(dialog).toBeVisible();
  // Polled with the element's state beside the length, so a video that never loads says why (network and ready
  // states, its error and address) in the failure.
  await expect
    .poll(() =>
      media(dialog, (video) => ({
        knowsItsLength: video.duration > 5,
        src: video.currentSrc,
        networkState: video.networkState,
        readyState: video.readyState,
        error: video.error?.message ?? null,
      })),
    )
    .toMatchObject({ knowsItsLength: true });
  return dialog;
};

/** Plays from the start at 4x until the video ends (47 s of media, about 12 s). */
const playThrough = async (dialog: Locator) => {
  await media(dialog, (video) => {
    video.currentTime = 0;
    video.playbackRate = 4;
  });
  await dialog.getByRole('button', { name: /^Play/ }).first().click();
  await expect.poll(() => media(dialog, (video) => video.ended), { timeout: 30_000 }).toBe(true);
};

/** The owner's library card of the video: its view count. */
const viewCount = async (page: Page) => {
  await page.goto('/enterprise/content-library');
  await page.getByRole('searchbox', { name: 'Search videos' }).fill(VIDEO);
  const card = page.getByRole('article', { name: VIDEO });
  await expect(page.getByRole('article')).toHaveCount(1);
  const text = await card.getByText(/^\d+ views?$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
};

test('a learner watches a task video past 80 %, journals, and the owner sees one view', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, a video played through and the owner's count: 52 s in a run with a server per worker on two cores.
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner, 'enterprise', OWNER);
  const viewsBefore = await viewCount(owner);

  const viewed = trackViewed(page);
  await signIn(page, 'enterprise', LEARNER);
  await page.goto('/enterprise/my-tasks');
  await page.getByRole('link', { name: TASK }).click();
  await expect(page.getByRole('heading', { level: 1, name: TASK })).toBeVisible();
  await page.getByRole('button', { name: 'Watch the video' }).click();
  const player = await openedPlayer(page);

  await test.step('the player: title, coach, category, volume, speeds and subtitles', async () => {
    await expect(player).toHaveAccessibleDescription(`by ${COACH}`);
    await expect(player.getByText('Communication', { exact: true })).toBeVisible();
    expect(await media(player, (video) => video.volume)).toBe(0.8);

    await player.getByRole('button', { name: 'Settings' }).click();
    await player.getByRole('menuitem', { name: /^Speed/ }).click();
    const speeds = player.getByRole('menuitemradio', { name: /×$/ });
    await expect(speeds).toHaveText(['0.5×', '1×', '1.25×', '1.5×', '2×']);
    await player.getByRole('menuitemradio', { name: '2×' }).click();
    // plyr sets the rate in a zero-delay timeout after the click, so a read straight away can still see 1.
    await expect.poll(() => media(player, (video) => video.playbackRate)).toBe(2);

    // Choosing a speed takes plyr's menu back to its first page, which now says 2×.
    await expect(player.getByRole('menuitem', { name: /^Speed/ })).toContainText('2×');
    await player.getByRole('menuitem', { name: /^Captions/ }).click();
    const captions = player.getByRole('menuitemradio');
    await expect(captions).toHaveText([/^Off/, /^English/, /^Español/]);
    await player.getByRole('menuitemradio', { name: /^Español/ }).click();
    // plyr draws the cues itself: the chosen track is on in 'hidden' mode (loaded, cues live), the other off.
    await expect
      .poll(() =>
        media(player, (video) => Array.from(video.textTracks, (track) => `${track.label}:${track.mode}`)),
      )
      .toEqual(['English:disabled', 'Español:hidden']);
    await noViolations(page);
  });

  await test.step('seeking alone does not count', async () => {
    await media(player, (video) => {
      video.currentTime = video.duration * 0.9;
    });
    await expect.poll(() => media(player, (video) => video.seeking)).toBe(false);
    // The Spanish subtitles follow the new position (42 s of 46.7: the last point's first sentence).
    await expect(player.locator('.plyr__captions')).toHaveText('Deja que un breve silencio dure.');
    await page.waitForTimeout(500);
    expect(viewed).toHaveLength(0);
    // Playing on from 90 % to the end is 10 % played.
    await player.getByRole('button', { name: /^Play/ }).first().click();
    await expect.poll(() => media(player, (video) => video.ended), { timeout: 15_000 }).toBe(true);
    expect(viewed).toHaveLength(0);
  });

  await test.step('playing past 80 % records viewed once', async () => {
    const answered = viewedResponse(page);
    await playThrough(player);
    expect((await answered).status()).toBe(200);
    expect(viewed).toHaveLength(1);
  });

  await test.step('closing asks the journaling questions; submitting completes', async () => {
    await player.getByRole('button', { name: 'Close', exact: true }).click();
    const journal = page.getByRole('dialog', { name: 'Reflect on the video' });
    await expect(journal).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await noViolations(page);
    for (const [question, answer] of Object.entries(ANSWERS)) await journal.getByLabel(question).fill(answer);
    await journal.getByRole('button', { name: 'Submit' }).click();
    await expect(journal).toBeHidden();
    await expect(page.getByText('You completed this task')).toBeVisible();
    await page.goto('/enterprise/my-tasks?tab=done');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: TASK }) });
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  });

  await test.step('a second play-through changes nothing', async () => {
    await page.getByRole('link', { name: TASK }).click();
    await page.getByRole('button', { name: 'Watch again' }).click();
    const again = await openedPlayer(page);
    const answered = viewedResponse(page);
    await playThrough(again);
    expect((await answered).status()).toBe(200);
    // The answers are there: closing now just closes.
    await again.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    expect(await viewCount(owner)).toBe(viewsBefore + 1);
    await owner
      .getByRole('article', { name: VIDEO })
      .getByRole('button', { name: `Actions for ${VIDEO}` })
      .click();
    await owner.getByRole('menuitem', { name: 'Who watched' }).click();
    const watchers = owner.getByRole('dialog', { name: 'Who watched' });
    await expect(
      watchers
        .getByRole('listitem')
        .filter({ hasText: 'Lee Learner' })
        .getByText(/^Watched · /),
    ).toBeVisible();
  });

  await test.step('the owner browses the library', async () => {
    await owner.goto('/enterprise/content-library');
    // Three seeded videos a category: every section shows all of its videos.
    for (const category of ['Emotional Intelligence', 'Communication', 'Social Skills', 'Interview Skills']) {
      await expect(owner.getByRole('region', { name: `${category} (3)` })).toBeVisible();
      await expect(owner.getByRole('list', { name: `${category} videos` }).getByRole('listitem')).toHaveCount(
        3,
      );
    }
    await noViolations(owner);
    await owner.getByRole('searchbox', { name: 'Search videos' }).fill('STAR');
    await expect(owner.getByRole('article')).toHaveCount(1);
    await owner.getByRole('button', { name: 'Play Answering with STAR' }).click();
    await expect(owner.getByRole('dialog', { name: 'Answering with STAR' })).toBeVisible();
    await expect(owner.getByRole('dialog').locator('video')).toBeAttached();
    await noViolations(owner);
  });
  await ownerContext.close();
});
