import { hearIt } from '@coach/shared/contract/hear-it';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppApi, setApiClient } from '../lib/api.ts';
import { sessionAtoms } from '../lib/session.ts';
import { createFakeServer, fakeToken, ok } from '../testing/fake-server.ts';
import { TEST_ORIGIN } from '../testing/render-app.tsx';
import { HearIt, spokenPieces } from './hear-it.tsx';

const SPEAK = `${hearIt.speakText.method} ${hearIt.speakText.path}`;

/** The browser's speech synthesis with the voices a device has; `spoken` holds what it was asked to say. */
const installSpeechSynthesis = (voices: { lang: string; name: string; localService?: boolean }[]) => {
  const spoken: FakeUtterance[] = [];
  class FakeUtterance {
    voice: { lang: string; name: string } | null = null;
    lang = '';
    rate = 1;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const synthesis = {
    getVoices: () =>
      voices.map((voice) => ({ localService: true, default: false, voiceURI: voice.name, ...voice })),
    speak: vi.fn((utterance: FakeUtterance) => {
      spoken.push(utterance);
    }),
    cancel: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synthesis });
  return { synthesis, spoken };
};

/** An audio element that plays at once and ends when the test says so. */
const installAudio = () => {
  const played: FakeAudio[] = [];
  class FakeAudio extends EventTarget {
    paused = true;
    constructor(readonly src: string) {
      super();
      played.push(this);
    }
    play() {
      this.paused = false;
      this.dispatchEvent(new Event('playing'));
      return Promise.resolve();
    }
    pause() {
      this.paused = true;
    }
    end() {
      this.paused = true;
      this.dispatchEvent(new Event('ended'));
    }
  }
  vi.stubGlobal('Audio', FakeAudio);
  return played;
};

const serverSays = () => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
  const server = createFakeServer({
    [SPEAK]: (body) =>
      ok({
        audioUrl: `/uploads/hear-it/2026-12/${String(body.text).length}.mp3`,
        accent: body.accent ?? 'en-AU',
      }),
  });
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  return { store, server };
};

beforeEach(() => {
  // No device voice unless a test installs one: jsdom has no speech synthesis, as some browsers.
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hear it', () => {
  it("a learner hears a word in the device's own voice when it has one for their accent", async () => {
    const { server, store } = serverSays();
    const { spoken } = installSpeechSynthesis([
      { lang: 'en-US', name: 'Samantha' },
      { lang: 'en_GB', name: 'Daniel' },
    ]);
    render(
      <Provider store={store}>
        <HearIt text="think" accent="en-GB" />
      </Provider>,
    );
    const button = screen.getByRole('button', { name: 'Hear it: think' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(button);
    await waitFor(() => expect(spoken).toHaveLength(1));
    expect(spoken[0]?.text).toBe('think');
    expect(spoken[0]?.voice?.name).toBe('Daniel');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    act(() => spoken[0]?.onend?.());
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    // The server was never asked.
    expect(server.calls).toHaveLength(0);
  });

  it("without a device voice for the accent, the server's audio plays, asked for once", async () => {
    const { server, store } = serverSays();
    installSpeechSynthesis([{ lang: 'en-US', name: 'Samantha' }]);
    const played = installAudio();
    render(
      <Provider store={store}>
        <HearIt text="think" accent="en-IN" />
      </Provider>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Hear it: think' });
    await user.click(button);
    await waitFor(() => expect(played).toHaveLength(1));
    expect(server.calls.map((call) => call.body)).toEqual([{ text: 'think', accent: 'en-IN' }]);
    expect(played[0]?.src).toBe('/uploads/hear-it/2026-12/5.mp3');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    act(() => played[0]?.end());
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    // Again: the same audio, without asking the server again.
    await user.click(button);
    await waitFor(() => expect(played).toHaveLength(2));
    expect(server.calls).toHaveLength(1);
    // Pressed while it plays, it stops.
    await user.click(button);
    expect(played[1]?.paused).toBe(true);
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('a browser without speech synthesis plays the server audio; keyboard users reach and press it', async () => {
    const { server, store } = serverSays();
    const played = installAudio();
    render(
      <Provider store={store}>
        <HearIt text="Please put the red book on the shelf." accent="en-US" />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(
      screen.getByRole('button', { name: 'Hear it: Please put the red book on the shelf.' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(played).toHaveLength(1));
    expect(server.calls[0]?.body).toEqual({ text: 'Please put the red book on the shelf.', accent: 'en-US' });
  });

  it('when the screen does not know the accent, the server decides, and the next word uses a device voice in it', async () => {
    const { server, store } = serverSays();
    const { spoken } = installSpeechSynthesis([{ lang: 'en-AU', name: 'Karen' }]);
    const played = installAudio();
    render(
      <Provider store={store}>
        <HearIt text="house" />
        <HearIt text="street" />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hear it: house' }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(server.calls[0]?.body).toEqual({ text: 'house' });
    act(() => played[0]?.end());
    await user.click(screen.getByRole('button', { name: 'Hear it: street' }));
    await waitFor(() => expect(spoken).toHaveLength(1));
    expect(spoken[0]?.voice?.name).toBe('Karen');
    expect(server.calls).toHaveLength(1);
  });

  it('a passage is named for what it is and said in pieces the server takes', async () => {
    const { server, store } = serverSays();
    const played = installAudio();
    const sentence = 'The quick brown fox jumps over the lazy dog near the river bank. ';
    const passage = sentence.repeat(8).trim();
    render(
      <Provider store={store}>
        <HearIt text={passage} name="the passage" accent="en-GB" />
      </Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hear it: the passage' }));
    await waitFor(() => expect(played).toHaveLength(1));
    act(() => played[0]?.end());
    await waitFor(() => expect(played).toHaveLength(2));
    const asked = server.calls.map((call) => String(call.body.text));
    expect(asked.every((text) => text.length <= 300)).toBe(true);
    expect(spokenPieces(passage).join(' ')).toBe(passage);
  });

  it('a failed answer says so and leaves the button ready', async () => {
    const store = createStore();
    store.set(sessionAtoms.enterprise, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
    const server = createFakeServer({});
    setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
    render(
      <Provider store={store}>
        <HearIt text="think" accent="en-GB" />
        <Toaster />
      </Provider>,
    );
    const button = screen.getByRole('button', { name: 'Hear it: think' });
    await userEvent.setup().click(button);
    expect(await screen.findByText('This could not be played. Please try again.')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
