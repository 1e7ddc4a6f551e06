import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar, SidebarMenu, SidebarMenuButton, SidebarMenuItem, SidebarProvider, SidebarTrigger } from './sidebar';

function clearSidebarCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

function cookieValue() {
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('sidebar_state='))
    ?.split('=')[1];
}

function renderSidebar() {
  render(
    <SidebarProvider>
      <Sidebar title="Test navigation" data-testid="sidebar">
        <nav aria-label="Test">
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild tooltip="Reports">
                <a href="/reports">
                  <span>Reports</span>
                </a>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </nav>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>,
  );
}

/** Makes the viewport report itself as narrower than 768 px (jsdom's matchMedia never matches). */
function emulateMobile() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(max-width: 767px)',
        media: query,
        onchange: null,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

beforeEach(clearSidebarCookie);
afterEach(() => {
  vi.restoreAllMocks();
  clearSidebarCookie();
});

describe('Sidebar on a wide screen', () => {
  it('has a trigger named "Toggle Sidebar" that collapses and expands it', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Toggle Sidebar' });
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.click(trigger);
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(cookieValue()).toBe('false');

    await user.click(trigger);
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(cookieValue()).toBe('true');
  });

  it('toggles with Ctrl+B and Cmd+B and writes the sidebar_state cookie', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const sidebar = screen.getByTestId('sidebar');
    expect(cookieValue()).toBeUndefined();

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(cookieValue()).toBe('false');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(cookieValue()).toBe('true');

    // A plain B, or another chord, leaves it alone.
    await user.keyboard('b');
    await user.keyboard('{Control>}{Shift>}b{/Shift}{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  it('writes the cookie for 7 days on the whole site', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    renderSidebar();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, bubbles: true }));
    });
    expect(writes).toEqual([expect.stringMatching(/^sidebar_state=false; path=\/; max-age=604800(;|$)/)]);
  });

  it('starts collapsed when the cookie says so', () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderSidebar();
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Collapsed, the label is still the link's accessible name.
    expect(screen.getByRole('link', { name: 'Reports' })).toBeInTheDocument();
  });
});

describe('Sidebar on a narrow screen', () => {
  it('is a slide-over: closed at first, opened by the trigger, closed with Escape', async () => {
    emulateMobile();
    const user = userEvent.setup();
    renderSidebar();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Toggle Sidebar' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Test navigation' });
    expect(dialog).toContainElement(screen.getByRole('link', { name: 'Reports' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    // The slide-over is not the persisted state.
    expect(cookieValue()).toBeUndefined();
  });

  it('has a close button', async () => {
    emulateMobile();
    const user = userEvent.setup();
    renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    await user.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
