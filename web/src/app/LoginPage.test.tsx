import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n, { applyLanguage } from '../i18n';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './queryClient';
import LoginPage from './LoginPage';
import { errorBody, jsonResponse } from '../test/http';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Página de inicio</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function answer(status: number, body?: unknown) {
  const fetch = vi.fn(async (_: Request) => jsonResponse(status, body));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Usuario'), login);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  applyLanguage('es');
});

describe('LoginPage', () => {
  it('shows the product and the Spanish form', () => {
    renderLogin();
    expect(screen.getByText('Vigía')).toBeInTheDocument();
    expect(screen.getByText('Configuración de monitorización de vibraciones')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it("shows the server's message when the credentials are wrong (401)", async () => {
    const fetch = answer(401, errorBody({ code: 'invalid_credentials', message: 'Usuario o contraseña incorrectos.' }));
    const router = renderLogin();
    await signIn('ana', 'mala');

    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos.');
    expect(router.state.location.pathname).toBe('/login');
    const request = fetch.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(request.method).toBe('POST');
    expect(request.headers.get('X-Requested-With')).toBe('vigia');
    expect(await request.json()).toEqual({ Login: 'ana', Password: 'mala' });
  });

  it('shows the throttling message (429)', async () => {
    answer(429, errorBody({ code: 'too_many_attempts', message: 'Demasiados intentos. Espere 5 minutos.' }));
    renderLogin();
    await signIn('ana', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Espere 5 minutos.');
  });

  it('asks for both fields before calling the server', async () => {
    const fetch = answer(200, {});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Introduzca su usuario.')).toBeInTheDocument();
    expect(await screen.findByText('Introduzca su contraseña.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("signs in, applies the user's language and opens Inicio", async () => {
    answer(200, { UsuarioID: 1, Login: 'ana', Nombre: 'Ana', Tipos: ['ADMIN'], Fabricas: [], Idioma: 'en' });
    const router = renderLogin();
    await signIn('ana', 'buena');
    expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(i18n.language).toBe('en');
  });
});
