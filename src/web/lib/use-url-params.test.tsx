import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-params';

let update: ReturnType<typeof useUrlParams>[1];
let navigate: NavigateFunction;

function Probe() {
  const [, setParams] = useUrlParams();
  update = setParams;
  navigate = useNavigate();
  return <output aria-label="search">{useLocation().search}</output>;
}

const add = (key: string, value: string) => (p: URLSearchParams) => {
  p.set(key, value);
  return p;
};

describe('useUrlParams', () => {
  it('builds each update on the one before, even before the first has rendered', async () => {
    render(
      <MemoryRouter initialEntries={['/users?search=ada']}>
        <Probe />
      </MemoryRouter>,
    );
    // Two updates from the same render, as a picked filter and a debounced search can be: the
    // second starts from the first's params, not from the render's.
    await act(async () => {
      update(add('status', 'deactivated'));
      update((p) => {
        p.delete('search');
        return p;
      });
    });
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(/^\?status=deactivated$/);
  });

  it('follows a navigation made elsewhere (Back, a link)', async () => {
    render(
      <MemoryRouter initialEntries={['/users?role=user']}>
        <Probe />
      </MemoryRouter>,
    );
    await act(async () => navigate('/users?role=admin'));
    await act(async () => update(add('status', 'active')));
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(/^\?role=admin&status=active$/);
  });
});
