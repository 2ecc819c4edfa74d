import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/app-providers';
import { testQueryClient } from '../testing/render';
import { Trans } from './lingui-react';

// The stored-XSS journey found Lingui's <Trans> reading a member's words as the message's tags: a name
// written `<script>` broke the admin's pages. Ours keeps what people typed apart from the message.
describe('<Trans>', () => {
  it("shows what people typed as text, tags and all, inside the message's own components", () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <p data-testid="line">
          <Trans
            id="{actor} responded to your post <0>“{title}”</0>"
            values={{ actor: '<script>alert(1)</script>', title: '<0>Click</0> me' }}
            components={{ 0: <strong /> }}
          />
        </p>
      </AppProviders>,
    );
    const line = screen.getByTestId('line');
    expect(line.textContent).toBe('<script>alert(1)</script> responded to your post “<0>Click</0> me”');
    expect(line.querySelectorAll('strong')).toHaveLength(1);
    expect(line.querySelector('script')).toBeNull();
  });

  it('keeps numbers as numbers, for the plurals', () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <p data-testid="count">
          <Trans id="{count, plural, one {# church} other {# churches}}" values={{ count: 3 }} />
        </p>
      </AppProviders>,
    );
    expect(screen.getByTestId('count').textContent).toBe('3 churches');
  });

  it("reads the message's own tags: nested pairs, a lone tag, and a pair the code gives no component for", () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <p data-testid="nested">
          <Trans id="Read <0>the <1>privacy</1> page</0> now.<2/>" components={{ 0: <em />, 1: <strong />, 2: <br /> }} />
        </p>
        <p data-testid="missing">
          <Trans id="Keep <0>these words</0>." />
        </p>
      </AppProviders>,
    );
    const nested = screen.getByTestId('nested');
    expect(nested.innerHTML).toBe('Read <em>the <strong>privacy</strong> page</em> now.<br>');
    expect(screen.getByTestId('missing').innerHTML).toBe('Keep these words.');
  });
});
