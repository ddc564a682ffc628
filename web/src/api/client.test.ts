import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { basedOn, createApiClient, unwrap } from './client';
import { ApiError, toApiError } from './errors';
import { keys } from './keys';
import { endSession } from '../app/session';
import { errorBody, jsonResponse } from '../test/http';

function clientAnswering(status: number, body?: unknown) {
  const requests: Request[] = [];
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://vigia.test',
    language: () => 'fr',
    onUnauthorized,
    fetch: async (request) => {
      requests.push(request);
      return jsonResponse(status, body);
    },
  });
  return { client, requests, onUnauthorized };
}

describe('API client', () => {
  it('an edit is sent on the version of the item it is based on, the one its answer carried', async () => {
    const requests: Request[] = [];
    const client = createApiClient({
      baseUrl: 'http://vigia.test',
      fetch: async (request) => {
        requests.push(request);
        const answer = jsonResponse(200, { UsuAreaID: 4, NombreEs: 'Bombeo' });
        answer.headers.set('ETag', request.method === 'GET' ? '"v1"' : '"v2"');
        return answer;
      },
    });
    const at = { params: { path: { factory: 1, id: 4 } } };
    const read = await unwrap(client.GET('/api/user/{factory}/area/{id}', at));
    const body = { NombreEs: 'Bombeo 2' };
    const saved = await unwrap(client.PUT('/api/user/{factory}/area/{id}', { params: { ...at.params, header: basedOn(read) }, body }));
    expect(requests[1].headers.get('If-Match')).toBe('"v1"');
    expect(basedOn(saved)).toEqual({ 'If-Match': '"v2"' });
    // An equal object that is not the answer knows no version: the edit overwrites, as the spec's clients do.
    expect(basedOn({ ...read })).toEqual({});
    expect(basedOn(undefined)).toEqual({});
  });

  it('AUTH-003: a 401 on any call signs the user out', async () => {
    const { client, onUnauthorized } = clientAnswering(401, errorBody({ code: 'unauthorized', message: 'Sesión caducada.' }));
    await expect(unwrap(client.GET('/api/auth/me'))).rejects.toMatchObject({ status: 401 });
    await expect(unwrap(client.GET('/api/admin/users'))).rejects.toBeInstanceOf(ApiError);
    await expect(
      unwrap(client.PUT('/api/admin/factories/{id}', { params: { path: { id: 3 } }, body: { Nombre: 'A', Referencia: '' } })),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(3);
  });

  it('AUTH-003: a 401 on the sign-in call is wrong credentials, not a session end', async () => {
    const { client, onUnauthorized } = clientAnswering(
      401,
      errorBody({ code: 'invalid_credentials', message: 'Usuario o contraseña incorrectos.' }),
    );
    const error = await unwrap(client.POST('/api/auth/login', { body: { Login: 'a', Password: 'b' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors[0].message).toBe('Usuario o contraseña incorrectos.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('AUTH-003: other errors do not sign the user out', async () => {
    const { client, onUnauthorized } = clientAnswering(403, errorBody({ code: 'forbidden', message: 'No.' }));
    await expect(unwrap(client.GET('/api/admin/users'))).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('AUTH-003: ending the session clears the cache and goes to /login', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.me, { Login: 'ana' });
    queryClient.setQueryData(keys.users, []);
    const navigate = vi.fn();
    await endSession(queryClient, { state: { location: { pathname: '/admin/users', search: '?q=1' } }, navigate });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { from: '/admin/users?q=1', ended: true } });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    // Without a signed-in user (a first visit), nothing ended under anyone.
    navigate.mockClear();
    await endSession(queryClient, { state: { location: { pathname: '/', search: '' } }, navigate });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: undefined });

    navigate.mockClear();
    await endSession(queryClient, { state: { location: { pathname: '/login', search: '' } }, navigate });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends X-Requested-With and the UI language on every call', async () => {
    const { client, requests } = clientAnswering(204);
    await unwrap(client.POST('/api/auth/logout'));
    await unwrap(client.GET('/api/auth/me')).catch(() => undefined);
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.headers.get('X-Requested-With')).toBe('vigia');
      expect(r.headers.get('Accept-Language')).toBe('fr');
    }
  });

  it('returns the data of a successful call', async () => {
    const me = { UsuarioID: 1, Login: 'ana', Nombre: 'Ana', Tipos: ['ADMIN'], Fabricas: [], Idioma: 'es' };
    const { client } = clientAnswering(200, me);
    await expect(unwrap(client.GET('/api/auth/me'))).resolves.toEqual(me);
  });
});

describe('error bodies', () => {
  it('reads the errors list with fields', () => {
    const e = toApiError(
      422,
      errorBody(
        { code: 'required', message: 'Obligatorio.', field: 'Nombre' },
        { code: 'max', message: 'Demasiado largo.', field: 'Nombre' },
        { code: 'x', message: 'Otro.' },
      ),
    );
    expect(e.status).toBe(422);
    expect([...e.fieldErrors()]).toEqual([['Nombre', ['Obligatorio.', 'Demasiado largo.']]]);
  });

  it("reads huma's own validation errors (location body.X) and problem details", () => {
    const e = toApiError(422, {
      detail: 'validation failed',
      errors: [{ message: 'expected length <= 100', location: 'body.Fabricas[0]' }],
    });
    expect(e.errors).toEqual([{ code: '', message: 'expected length <= 100', field: 'Fabricas' }]);
    expect(toApiError(500, { detail: 'boom' }).errors).toEqual([{ code: '', message: 'boom' }]);
    expect(toApiError(502, 'Bad Gateway').errors).toEqual([]);
  });
});
