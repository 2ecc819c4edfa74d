import type { ReactNode } from 'react';
import classes from './admin.module.css';

/**
 * A wide table that scrolls sideways on narrow screens. It takes keyboard focus (arrow keys scroll it) and
 * is a named region (a <section> with a name is one), so keyboard and screen-reader users can reach what is off to
 * the side.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={classes.tableScroll} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
