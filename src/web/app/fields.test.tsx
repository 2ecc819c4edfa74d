import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '../../shared/limits';
import { renderWithSite } from '../testing/render';
import { NewPasswordFields, PasswordField } from './fields';

/** The words tied to a field (its description and its error), as a screen reader reads them with it. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('PasswordField', () => {
  it('is marked invalid, with its error read with it, when there is an error', () => {
    renderWithSite(<PasswordField label="Password" autoComplete="current-password" error="Enter your password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toContain('Enter your password');
  });

  it('is not marked invalid without one', () => {
    renderWithSite(<PasswordField label="Password" autoComplete="current-password" />);
    expect(screen.getByLabelText('Password').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('NewPasswordFields', () => {
  it('asks for the password and its confirmation, with the rule under the first, for a password manager to fill', () => {
    renderWithSite(
      <NewPasswordFields label="New password" required password={{}} confirmation={{ error: 'The passwords do not match' }} />,
    );
    const password = screen.getByLabelText(/^New password\W*$/);
    const confirmation = screen.getByLabelText(/^New password confirmation\W*$/);
    expect(password).not.toBe(confirmation);
    for (const input of [password, confirmation]) {
      expect(input.getAttribute('autocomplete')).toBe('new-password');
      expect(input.hasAttribute('required')).toBe(true);
    }
    expect(describedBy(password)).toContain(`At least ${PASSWORD_MIN} characters`);
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(confirmation)).toContain('The passwords do not match');
  });
});
