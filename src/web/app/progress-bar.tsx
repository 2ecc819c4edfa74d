import type { ComponentPropsWithoutRef } from 'react';
import classes from './progress-bar.module.css';

/**
 * How far something has come, as the native <progress> element: HTML's own for it (issue 29, valid HTML, where
 * Mantine's Progress draws a <div role="progressbar">); its role, value and maximum come with it. Name it with
 * `aria-label` or `aria-labelledby`; colours and sizes come from CSS variables (progress-bar.module.css).
 */
export function ProgressBar({
  className,
  ...props
}: { value: number; max: number } & Omit<ComponentPropsWithoutRef<'progress'>, 'children'>) {
  return <progress className={className ? `${classes.bar} ${className}` : classes.bar} {...props} />;
}
