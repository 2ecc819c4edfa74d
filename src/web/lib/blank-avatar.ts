/** The picture shown for a member who has no photo (public/images): one place, for every feature that shows faces. */
export const BLANK_AVATAR_URL = '/images/blank-avatar.svg';
