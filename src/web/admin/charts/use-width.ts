import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The width of the element the returned ref is put on, kept up to date. Charts draw in real pixels at
 * that width, so their text stays readable on a phone instead of shrinking with a scaled viewBox.
 */
export function useWidth(initial = 640) {
  const [width, setWidth] = useState(initial);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    observer.current = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, width };
}
