import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { useEffect, useRef, useState } from 'react';

/** How often a screen asks again while an analysis it shows is pending. */
export const ANALYSIS_POLL_MS = 2000;
/** How long it keeps asking before it says to come back later. */
export const ANALYSIS_POLL_LIMIT_MS = 120_000;

/** Whether any of these analyses (those a screen shows) is still being worked out. */
export const anyPending = (analyses: (SpeechAnalysis | undefined)[]) =>
  analyses.some((analysis) => analysis?.status === 'pending');

/**
 * Asks again every 2 s while `active` (an analysis on screen is pending), until none is, the screen closes or
 * 2 minutes have passed; `restart` (e.g. a new save) starts the 2 minutes over. A failed ask is tried again on
 * the next tick. Returns true once it has given up while something is still pending.
 */
export const useAnalysisPoll = ({
  active,
  restart = 0,
  poll,
}: {
  active: boolean;
  restart?: unknown;
  poll: () => Promise<void>;
}) => {
  const [gaveUp, setGaveUp] = useState(false);
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    void restart;
    setGaveUp(false);
    if (!active) return;
    let stopped = false;
    const startedAt = Date.now();
    let timer = 0;
    const tick = async () => {
      if (Date.now() - startedAt >= ANALYSIS_POLL_LIMIT_MS) {
        setGaveUp(true);
        return;
      }
      try {
        await pollRef.current();
      } catch {
        // A missed answer is asked for again on the next tick.
      }
      if (!stopped) timer = window.setTimeout(() => void tick(), ANALYSIS_POLL_MS);
    };
    timer = window.setTimeout(() => void tick(), ANALYSIS_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [active, restart]);
  return active && gaveUp;
};
