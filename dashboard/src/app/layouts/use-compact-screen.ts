import { useEffect, useState } from 'react';

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|Opera Mini/i;
const NARROW = '(max-width: 767px)';

/** spec §4: phones and tablets (by user agent) and narrow windows get the off-canvas menu. */
export const useCompactScreen = () => {
  const [query] = useState(() =>
    typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null,
  );
  const [narrow, setNarrow] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [query]);
  return narrow || MOBILE_AGENT.test(navigator.userAgent);
};
