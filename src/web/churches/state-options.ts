import { US_STATES } from '../../shared/states';

/** The state select of the churches' forms: the states and DC, after a prompt. */
export const STATE_OPTIONS = [{ value: '', label: 'Choose a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];
export const CHECK_FIELDS = 'Some answers need attention: see the notes beside the fields.';
