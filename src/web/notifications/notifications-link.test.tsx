import { screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../lib/me-query';
import { testMe } from '../testing/me';
import { renderWithSite, testQueryClient } from '../testing/render';
import { unreadCountQueryOptions } from './notifications-api';
import { NotificationsLink } from './notifications-link';

// The header's bell: its count, the badge's cap, the phone menu's words, and a live change that refetches
// the count. happy-dom has no EventSource and no server: the test plays the stream and answers the one
// request the bell makes, at the browser's edge (EventSource, fetch); everything of ours runs for real.

const ME = testMe();

/** The page's event stream, played by the test. */
class TestEventSource extends EventTarget {
  static opened: TestEventSource[] = [];
  constructor(readonly url: string) {
    super();
    TestEventSource.opened.push(this);
  }
  close() {}
  announce(topic: string) {
    const data = JSON.stringify({ topic, kind: 'created', at: new Date().toISOString() });
    this.dispatchEvent(new MessageEvent('change', { data }));
  }
}

let unreadOnServer = 0;
const asked: string[] = [];
beforeEach(() => {
  TestEventSource.opened = [];
  asked.length = 0;
  vi.stubGlobal('EventSource', TestEventSource);
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(new URL(url, 'http://site.test').pathname);
    return Promise.resolve(Response.json({ unread: unreadOnServer }));
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderBell(unread: number, variant: 'icon' | 'menu' = 'icon') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(meQueryOptions.queryKey, { user: ME });
  queryClient.setQueryData(unreadCountQueryOptions(ME.id).queryKey, { unread });
  return renderWithSite(<NotificationsLink variant={variant} />, { queryClient });
}

describe('the notifications bell', () => {
  it('says how many are unread in its name, and shows the count on its badge', async () => {
    renderBell(3);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toContain('3');
  });

  it('is plain "Notifications" with no badge when nothing is unread', async () => {
    renderBell(0);
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell.textContent).toBe('');
  });

  it('caps the badge at 99+, while its name says the whole count', async () => {
    renderBell(1234);
    const bell = await screen.findByRole('link', { name: 'Notifications, 1,234 unread' });
    expect(bell.textContent).toBe('99+');
  });

  it('in the phone menu, says the count in words', async () => {
    renderBell(2, 'menu');
    expect((await screen.findByRole('link', { name: 'Notifications (2 unread)' })).getAttribute('href')).toBe('/notifications');
  });

  it('refetches the count when the member’s live topic announces a change, and only then', async () => {
    renderBell(1);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    await vi.waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
    const stream = TestEventSource.opened[0]!;
    expect(stream.url).toBe(`/api/live?topics=${encodeURIComponent(`notifications:${ME.id}`)}`);

    unreadOnServer = 4;
    act(() => stream.announce('posts'));
    act(() => stream.announce('notifications:someone-else'));
    expect(asked).toEqual([]);

    act(() => stream.announce(`notifications:${ME.id}`));
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeTruthy();
    expect(asked).toEqual(['/api/notifications/unread-count']);
  });
});
