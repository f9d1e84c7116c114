import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focuses an element by id after the next render: a row just added gets the cursor, and removing a row
 * leaves the focus on a neighbour instead of the page body.
 */
export const useFocusLater = () => {
  const target = useRef<string | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0 || !target.current) return;
    document.getElementById(target.current)?.focus();
    target.current = null;
  }, [request]);
  return useCallback((id: string) => {
    target.current = id;
    setRequest((n) => n + 1);
  }, []);
};
