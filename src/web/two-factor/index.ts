// The second factor's public face: the code step and the dashboard's section.
import { lazy } from 'react';
export { SecondFactorForm } from './second-factor-form';
export { TwoStepSection } from './two-step-section';

/** The set-up (QR code and key), in a chunk of its own: only an admin without a factor needs it. */
export const TwoFactorSetup = lazy(() => import('./two-factor-setup'));
