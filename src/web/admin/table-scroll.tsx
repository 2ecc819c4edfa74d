import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './admin.module.css';

type Overflow = { isWider: boolean; hasMoreLeft: boolean; hasMoreRight: boolean };

/**
 * A wide table that scrolls sideways on narrow screens. It takes keyboard focus (arrow keys scroll it) and
 * is a named region (a <section> with a name is one), so keyboard and screen-reader users can reach what is off to
 * the side. When it is wider than the screen a shadow marks the side with more, and a line above it says so (a long
 * table's end is far down): on a phone nothing else showed that the table went on.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ isWider: false, hasMoreLeft: false, hasMoreRight: false });

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const room = box.scrollWidth - box.clientWidth;
      const next = { isWider: room > 1, hasMoreLeft: box.scrollLeft > 1, hasMoreRight: box.scrollLeft < room - 1 };
      setOverflow((last) =>
        last.isWider === next.isWider && last.hasMoreLeft === next.hasMoreLeft && last.hasMoreRight === next.hasMoreRight ? last : next,
      );
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  return (
    <div>
      {overflow.isWider ? (
        <p className={classes.scrollHint}>
          {i18n._('The table is wider than the screen: scroll it sideways (or focus it and use the arrow keys).')}
        </p>
      ) : null}
      <div
        className={classes.tableScrollFrame}
        data-more-left={(overflow.isWider && overflow.hasMoreLeft) || undefined}
        data-more-right={(overflow.isWider && overflow.hasMoreRight) || undefined}
      >
        <section ref={ref} className={classes.tableScroll} tabIndex={0} aria-label={label}>
          {children}
        </section>
      </div>
    </div>
  );
}
