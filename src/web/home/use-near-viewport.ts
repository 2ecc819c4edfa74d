import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport (and from then on), or once `show()` is
 * called. Lets the landing page fetch and draw the map only when a visitor scrolls toward it (or asks),
 * so the first screen loads without it.
 */
export function useNearViewport<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Only a browser without IntersectionObserver gets here, once: it draws the map at once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);

  return [ref, isNear, () => setIsNear(true)] as const;
}
