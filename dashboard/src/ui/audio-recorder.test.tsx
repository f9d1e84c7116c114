import { ApiError } from '@coach/shared/client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone } from '../testing/fake-microphone.ts';
import {
  AudioRecorder,
  type AudioTake,
  baseMimeType,
  formatClock,
  unsavedTakesAtom,
} from './audio-recorder.tsx';

let mic: ReturnType<typeof installFakeMicrophone>;
beforeEach(() => {
  mic = installFakeMicrophone();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('audio recorder', () => {
  it('a learner whose upload fails keeps the recording and sends the same take again with Retry', async () => {
    const onSave = vi
      .fn<(take: AudioTake) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError({ status: 0, message: 'The upload failed (503)' }))
      .mockResolvedValueOnce(undefined);
    render(<AudioRecorder label="item 1" onSave={onSave} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Record item 1' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('0:00');
    await user.click(screen.getByRole('button', { name: 'Stop recording item 1' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your recording was not saved. The upload failed (503). It is kept here',
    );
    // The take is still there to play back, and the microphone was let go.
    expect(screen.getByLabelText('Recording of item 1')).toBeInTheDocument();
    expect(mic.tracks.every((track) => track.stopped)).toBe(true);
    const first = onSave.mock.calls[0]?.[0];
    expect(first?.blob.type).toBe('audio/webm');
    expect(first?.blob.size).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Retry saving item 1' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]?.[0]).toBe(first);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record again item 1' })).toBeInTheDocument();
    // Recording once asked for the microphone once: Retry does not record again.
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('a learner records by keyboard alone: the focus moves from Record to Stop and back', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<AudioRecorder label="item 1" onSave={onSave} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Record item 1' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop recording item 1' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record again item 1' })).toHaveFocus());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('a scored take is replaced only once the learner says so, and a take being made counts as unsaved', async () => {
    const onSave = vi.fn(async () => undefined);
    const store = createStore();
    render(
      <Provider store={store}>
        <AudioRecorder label="item 1" savedUrl="/files/a.webm" scored onSave={onSave} />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record again item 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record again?' });
    expect(dialog).toHaveTextContent('Your recording of item 1 has been heard and scored');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mic.getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Recording of item 1')).toHaveAttribute('src', '/files/a.webm');

    await user.click(screen.getByRole('button', { name: 'Record again item 1' }));
    await user.click(await screen.findByRole('button', { name: 'Record again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop recording item 1' })).toHaveFocus());
    expect(store.get(unsavedTakesAtom)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Stop recording item 1' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(store.get(unsavedTakesAtom)).toBe(0));
  });

  it('a take not yet scored is recorded again at once', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<AudioRecorder label="item 1" savedUrl="/files/a.webm" onSave={onSave} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record again item 1' }));
    expect(await screen.findByRole('button', { name: 'Stop recording item 1' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a learner who blocked the microphone is told how to allow it', async () => {
    mic.deny();
    const onSave = vi.fn(async () => undefined);
    render(<AudioRecorder label="the passage" onSave={onSave} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record the passage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Microphone access is blocked/);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Record the passage' })).toBeEnabled();
  });

  it('shows a saved recording read-only, with no recording buttons', () => {
    render(<AudioRecorder label="item 2" savedUrl="/files/a.webm" readOnly onSave={vi.fn()} />);
    expect(screen.getByLabelText('Recording of item 2')).toHaveAttribute('src', '/files/a.webm');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('formats times and base types', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(61_500)).toBe('1:01');
    expect(baseMimeType('audio/webm;codecs=opus')).toBe('audio/webm');
  });
});
