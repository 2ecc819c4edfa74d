import {
  FOSTER_KIDS_MAX,
  PHONE_INPUT_MAX,
  PROFILE_ADDRESS_MAX,
  PROFILE_COMMENTS_MAX,
  PROFILE_NAME_MAX,
  PROFILE_TEXT_MAX,
  PROFILE_URL_MAX,
} from '../../shared/limits';
import type { ProfileField } from '../../shared/profile';
import { US_STATES } from '../../shared/states';

// Labels, legends and descriptions are English, the catalog's ids (marked for extraction): the form shows
// them in the reader's language. A description may name `{max}`, the field's largest number.

/**
 * How a field is asked: a line of text (tel and url are text typed for the phone's keyboard and the
 * browser's autofill), several lines, a choice from a list, Yes/No radios, or a whole number.
 */
export type FieldKind = 'text' | 'tel' | 'url' | 'textarea' | 'select' | 'yes-no' | 'number';

export type FieldDef = {
  name: ProfileField;
  label: string;
  kind: FieldKind;
  /** Marked with an asterisk; the schema is what refuses a blank. */
  required?: boolean;
  /** Below the label, tied to the input with aria-describedby. */
  description?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  maxLength?: number;
  /** kind 'select': the choices, the first being the empty one. */
  options?: Array<{ value: string; label: string }>;
  /** kind 'number': the largest whole number accepted. */
  max?: number;
};

/** A row holds one field, or several side by side on wider screens. */
export type FieldRow = FieldDef | FieldDef[];

export type FieldSection = { legend: string; description?: string; rows: FieldRow[] };

const STATE_OPTIONS = [{ value: '', label: /*i18n*/ 'Choose your state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];
const EXAMPLE_SITE = /*i18n*/ 'For example example.org';

/** product.md §3.9, the profile form: every field of the profile, in the order and groups the page shows them. */
export const PROFILE_SECTIONS: FieldSection[] = [
  {
    legend: /*i18n*/ 'About you',
    rows: [
      [
        {
          name: 'firstName',
          label: /*i18n*/ 'First name',
          kind: 'text',
          required: true,
          autoComplete: 'given-name',
          maxLength: PROFILE_NAME_MAX,
        },
        {
          name: 'lastName',
          label: /*i18n*/ 'Last name',
          kind: 'text',
          required: true,
          autoComplete: 'family-name',
          maxLength: PROFILE_NAME_MAX,
        },
      ],
      {
        name: 'phone',
        label: /*i18n*/ 'Phone',
        kind: 'tel',
        required: true,
        autoComplete: 'tel',
        maxLength: PHONE_INPUT_MAX,
        description: /*i18n*/ "Area code included. Only you and the network's administrators see it.",
      },
    ],
  },
  {
    legend: /*i18n*/ 'Where you live',
    description: /*i18n*/ 'Other members see your city and state. Your street address and ZIP code are never made public.',
    rows: [
      {
        name: 'streetAddress',
        label: /*i18n*/ 'Street address',
        kind: 'text',
        autoComplete: 'address-line1',
        maxLength: PROFILE_ADDRESS_MAX,
        description: /*i18n*/ "Never made public: only you and the network's administrators see it.",
      },
      [
        { name: 'city', label: /*i18n*/ 'City', kind: 'text', autoComplete: 'address-level2', maxLength: PROFILE_TEXT_MAX },
        { name: 'state', label: /*i18n*/ 'State', kind: 'select', required: true, autoComplete: 'address-level1', options: STATE_OPTIONS },
        { name: 'userZip', label: /*i18n*/ 'ZIP code', kind: 'text', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 },
      ],
    ],
  },
  {
    legend: /*i18n*/ 'Your church',
    rows: [
      { name: 'church', label: /*i18n*/ 'Church name', kind: 'text', autoComplete: 'off', maxLength: PROFILE_TEXT_MAX },
      { name: 'agChurch', label: /*i18n*/ 'Is your church an Assemblies of God (AG) church?', kind: 'yes-no' },
    ],
  },
  {
    legend: /*i18n*/ 'Assemblies of God',
    rows: [
      {
        name: 'agAffiliated',
        label: /*i18n*/ 'Are you affiliated with the Assemblies of God?',
        kind: 'yes-no',
        description:
          /*i18n*/ 'Yes if you attend or belong to an AG church, ministry or organisation. The member directory lists only members who answer Yes.',
      },
      { name: 'agCredentialed', label: /*i18n*/ 'Are you an AG credentialed minister?', kind: 'yes-no' },
      {
        name: 'orgAg',
        label: /*i18n*/ 'AG employer',
        kind: 'text',
        autoComplete: 'organization',
        maxLength: PROFILE_TEXT_MAX,
        description:
          /*i18n*/ 'If you work for the AG: for example the General Council, a District Council, a local AG church, AG U.S. Missions, an AG university or the AG family-services agency.',
      },
      [
        {
          name: 'orgAgTitle',
          label: /*i18n*/ 'Your title at the AG employer',
          kind: 'text',
          autoComplete: 'organization-title',
          maxLength: PROFILE_TEXT_MAX,
        },
        {
          name: 'orgAgUrl',
          label: /*i18n*/ 'AG employer web site',
          kind: 'url',
          autoComplete: 'url',
          maxLength: PROFILE_URL_MAX,
          description: EXAMPLE_SITE,
        },
      ],
    ],
  },
  {
    legend: /*i18n*/ 'Other organisation',
    description: /*i18n*/ 'Another ministry, agency or organisation you serve with, if any.',
    rows: [
      { name: 'orgOther', label: /*i18n*/ 'Organisation', kind: 'text', autoComplete: 'off', maxLength: PROFILE_TEXT_MAX },
      [
        {
          name: 'orgOtherTitle',
          label: /*i18n*/ 'Your title at the organisation',
          kind: 'text',
          autoComplete: 'off',
          maxLength: PROFILE_TEXT_MAX,
        },
        {
          name: 'orgOtherUrl',
          label: /*i18n*/ 'Organisation web site',
          kind: 'url',
          autoComplete: 'off',
          maxLength: PROFILE_URL_MAX,
          description: EXAMPLE_SITE,
        },
      ],
    ],
  },
  {
    legend: /*i18n*/ 'Foster care',
    rows: [
      { name: 'fosterParent', label: /*i18n*/ 'Are you a foster parent?', kind: 'yes-no' },
      {
        name: 'numberOfFosterKids',
        label: /*i18n*/ 'Foster children in your home this year',
        kind: 'number',
        max: FOSTER_KIDS_MAX,
        description: /*i18n*/ 'Kinship and non-kinship placements together, as a whole number from 0 to {max}.',
      },
    ],
  },
  {
    legend: /*i18n*/ 'Online and comments',
    rows: [
      {
        name: 'socialMedia',
        label: /*i18n*/ 'Social media link',
        kind: 'url',
        autoComplete: 'off',
        maxLength: PROFILE_URL_MAX,
        description: /*i18n*/ 'A link to a page where people can follow you, for example facebook.com/yourname.',
      },
      {
        name: 'comments',
        label: /*i18n*/ 'Comments',
        kind: 'textarea',
        maxLength: PROFILE_COMMENTS_MAX,
        description: /*i18n*/ 'Anything you would like other members of the network to know.',
      },
    ],
  },
];
