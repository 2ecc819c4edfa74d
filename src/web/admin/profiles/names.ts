import type { AdminProfile } from '../../../shared/admin';

export const nameOf = (p: AdminProfile) => [p.firstName, p.lastName].filter(Boolean).join(' ');
export const placeOf = (p: AdminProfile) => [p.city, p.state === 'NONE' ? null : p.state].filter(Boolean).join(', ');
/** How the controls name the member: by name, or by address before a profile is saved. */
export const whoOf = (p: AdminProfile) => nameOf(p) || p.email;
