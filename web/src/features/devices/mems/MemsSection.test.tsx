import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSideBarRoutes } from '../../tree/sideBarRoutes';
import { MemsSection } from './MemsSection';
import { MEMS_SIDEBAR_ROUTES } from './section';

const me = vi.hoisted(() => ({ Tipos: [] as string[] }));
vi.mock('../../../app/auth', () => ({ useMe: () => me }));

/** What the side-bar would read: the published routes' kinds. */
function SideBarProbe() {
  const routes = useSideBarRoutes();
  return <p>side-bar: {routes ? Object.keys(routes).join(',') : 'editors'}</p>;
}

function open(tipos: string[]) {
  me.Tipos = tipos;
  const router = createMemoryRouter(
    [
      { path: '/', element: <SideBarProbe /> },
      {
        path: '/mems',
        element: (
          <>
            <SideBarProbe />
            <MemsSection />
          </>
        ),
        children: [{ index: true, element: <p>KOS Sensor</p> }],
      },
      { path: '/error', element: <p>error page</p> },
    ],
    { initialEntries: ['/mems'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('MemsSection', () => {
  it('TREE-010, AUTH-004: holds its nested screen for U_EDITOR and ADMIN', () => {
    open(['U_EDITOR']);
    expect(screen.getByText('KOS Sensor')).toBeInTheDocument();
  });

  it('AUTH-005: sends a read-only user to /error', () => {
    const router = open(['U_LECTOR']);
    expect(screen.getByText('error page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
  });

  it('TREE-011: gives the side-bar its routes while shown, and takes them back on leaving', async () => {
    const router = open(['ADMIN']);
    expect(screen.getByText(`side-bar: ${Object.keys(MEMS_SIDEBAR_ROUTES).join(',')}`)).toBeInTheDocument();
    await router.navigate('/');
    expect(await screen.findByText('side-bar: editors')).toBeInTheDocument();
  });
});
