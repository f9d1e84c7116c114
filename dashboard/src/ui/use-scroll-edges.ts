import { useCallback, useEffect, useRef, useState } from 'react';

type Edges = { overflows: boolean; moreAtStart: boolean; moreAtEnd: boolean };

/**
 * Whether a sideways-scrolling box is wider inside than out, and which of its ends still hide something, in
 * logical terms: `scrollLeft` runs from 0 to negative in a right-to-left page, so its size is the distance from
 * the start either way. Measured on scroll and when the box or its first child (a table, a row of tabs) resizes.
 */
export const useScrollEdges = <E extends HTMLElement = HTMLDivElement>() => {
  const ref = useRef<E | null>(null);
  const [edges, setEdges] = useState<Edges>({ overflows: false, moreAtStart: false, moreAtEnd: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const fromStart = Math.abs(el.scrollLeft);
    const next = {
      overflows: el.scrollWidth - el.clientWidth > 1,
      moreAtStart: fromStart > 1,
      moreAtEnd: fromStart + el.clientWidth < el.scrollWidth - 1,
    };
    setEdges((old) =>
      old.overflows === next.overflows &&
      old.moreAtStart === next.moreAtStart &&
      old.moreAtEnd === next.moreAtEnd
        ? old
        : next,
    );
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  });
  return { ref, measure, ...edges };
};
