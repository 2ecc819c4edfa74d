import { Box, getSpacing, type BoxProps, type MantineBreakpoint, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './simple-grid.module.css';

type Columns = number | ({ base: number } & Partial<Record<MantineBreakpoint, number>>);

type SimpleGridProps = Omit<BoxProps, 'style'> & {
  /** Columns, or columns from each breakpoint up. */
  cols: Columns;
  spacing?: MantineSpacing;
  verticalSpacing?: MantineSpacing;
  component?: 'div' | 'dl';
  children: ReactNode;
};

/**
 * Mantine's SimpleGrid (the same props, as the site uses them), its columns set by a stylesheet: Mantine's writes a
 * <style> element where each grid stands, which HTML allows only in <head> (issue 29, valid HTML).
 */
export function SimpleGrid({
  cols,
  spacing = 'md',
  verticalSpacing = spacing,
  component = 'div',
  className,
  children,
  ...props
}: SimpleGridProps) {
  const byBreakpoint: Record<string, number | undefined> = typeof cols === 'number' ? { base: cols } : cols;
  const breakpoints = Object.keys(byBreakpoint).filter((b) => b !== 'base' && byBreakpoint[b] !== undefined);
  return (
    <Box
      component={component}
      className={className ? `${classes.grid} ${className}` : classes.grid}
      style={{
        ...Object.fromEntries(Object.entries(byBreakpoint).map(([b, n]) => [`--grid-cols-${b}`, n])),
        '--grid-gap-x': getSpacing(spacing),
        '--grid-gap-y': getSpacing(verticalSpacing),
      }}
      mod={Object.fromEntries(breakpoints.map((b) => [b, true]))}
      {...props}
    >
      {children}
    </Box>
  );
}
