import { createContext, useContext, type ComponentType } from 'react';

export type NotificationsLinkProps = {
  /** The header's bell (an icon with the unread count), or an entry of the phone menu's list. */
  variant: 'icon' | 'menu';
  className?: string;
  onClick?: () => void;
};

/**
 * What features put in the header for signed-in members. The frame is core and imports no feature: the root
 * files fill these in (routes.tsx), so the landing page a visitor first gets, which renders the frame without
 * them, carries none of their code.
 */
export type HeaderSlots = {
  NotificationsLink?: ComponentType<NotificationsLinkProps>;
  /** What the shell shows in place of any page while the session owes its second factor (decision 028). */
  FinishSignIn?: ComponentType;
};

const HeaderSlotsContext = createContext<HeaderSlots>({});

export const HeaderSlotsProvider = HeaderSlotsContext.Provider;

export function useHeaderSlots(): HeaderSlots {
  return useContext(HeaderSlotsContext);
}
