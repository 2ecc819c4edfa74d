import type { ReactNode } from 'react';
import classes from './plain.module.css';

// Mantine's Container and Button drawn with plain elements (plain.module.css): the frame and the landing page
// use these, so the landing page's first visit hydrates without Mantine's code (decision 046).

/** Mantine's sizes, and `wide` (1,440 px) for the header's long menu (site-header.tsx). */
export type ContainerSize = 'sm' | 'md' | 'lg' | 'xl' | 'wide';

/** The props that make an element a Container of `size` (Mantine's widths). */
export function containerProps(size: ContainerSize, className?: string) {
  return { className: className ? `${classes.container} ${className}` : classes.container, 'data-size': size };
}

export type ButtonLook = {
  color: 'salmon' | 'teal' | 'outline';
  size?: 'sm' | 'lg';
  /** Fully rounded ends (Mantine's radius xl). */
  round?: boolean;
};

/** The props that make a link or a <button> look like Mantine's Button (its focus ring and press included). */
export function buttonProps({ color, size = 'sm', round = false }: ButtonLook) {
  return {
    className: `${classes.button} mantine-focus-auto mantine-active`,
    'data-color': color,
    'data-size': size,
    'data-round': round || undefined,
  };
}

/** A button's words, with an icon after them if given (Mantine's Button's inner markup). */
export function ButtonLabel({ children, rightSection }: { children: ReactNode; rightSection?: ReactNode }) {
  return (
    <span className={classes.buttonInner}>
      <span className={classes.buttonLabel}>{children}</span>
      {rightSection ? <span className={classes.buttonSection}>{rightSection}</span> : null}
    </span>
  );
}

export const visuallyHiddenClass = classes.visuallyHidden;
