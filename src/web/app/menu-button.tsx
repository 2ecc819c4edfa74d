import { Burger, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Mantine's Burger, drawn with its own styles, but its three lines in a <span>: Burger draws them in a <div>,
 * which a <button> may not hold (issue 29, valid HTML).
 */
export function MenuButton({ isOpen, ...props }: { isOpen: boolean } & ComponentPropsWithoutRef<'button'>) {
  return (
    <UnstyledButton className={Burger.classes.root} {...props}>
      <span className={Burger.classes.burger} data-opened={isOpen || undefined} />
    </UnstyledButton>
  );
}
