import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('an email address in a narrow column', () => {
  it('may wrap before its @ (and after a dot of its name), never inside the domain, and reads as the whole address', () => {
    const { container } = render(<EmailAddress email="marcos.rivera@demo.example.org" />);
    expect(container.textContent).toBe('marcos.rivera@demo.example.org');
    expect(container.innerHTML).toBe('marcos.<wbr>rivera<wbr>@demo.example.org');
  });
});
