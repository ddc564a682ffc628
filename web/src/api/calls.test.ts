// How the SPA's calls meet the API's rules (S1 §7, S2 §7–§8, S3 §7–§8): paths, lists that
// fail, dissociations refused, the MEMS calls' answers, the history queries.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, listOf, setFailedListHandler, setUnauthorizedHandler } from './client';
import { ApiError } from './errors';
import { errorBody, jsonResponse } from '../test/http';
import { catalogCalls, linkCalls } from '../features/catalog/api';
import { SENSORS } from '../features/sensors/kinds';
import { SPECTRUM } from '../features/spectra/kinds';
import { assocCalls, spreadCalls } from '../features/assoc/api';
import { ASSOC_KINDS, MPVD } from '../features/assoc/associations';
import { machineVcoCalls } from '../features/operating/api';
import { equipmentQuery } from '../features/devices/equipment/api';
import { countQuery, MEMS_KIND, pageQuery, sensorHistoryCalls, verifySensor } from '../features/devices/mems/api';

/** Stubs fetch with one answer (or a failure to connect), recording every request. */
function answering(answer: { status: number; body?: unknown } | 'offline') {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return jsonResponse(answer.status, answer.body);
  });
  return requests;
}

const signOut = vi.fn();
beforeEach(() => setUnauthorizedHandler(signOut));
afterEach(() => {
  vi.unstubAllGlobals();
  signOut.mockReset();
});

describe('paths', () => {
  it('API-001: paths are relative to the API base, the server root; {factory}, {id} and the like are path parameters', async () => {
    const requests = answering({ status: 200, body: {} });
    await catalogCalls.get(SENSORS['420'], 'factory', 7, '12');
    await catalogCalls.get(SENSORS['420'], 'template', 7, '12');
    await assocCalls.dissociate(MPVD, 7, { machine: 3, point: 5, key: '9f6c-1a' });
    await machineVcoCalls.dissociate(7, 3, 44);
    expect(requests.map((r) => r.url)).toEqual([
      `${window.location.origin}/api/user/7/sensor/420/12`,
      `${window.location.origin}/api/sensor/420/12`,
      `${window.location.origin}/api/user/7/mpvd/machine/3/point/5/digitalvcv/9f6c-1a`,
      `${window.location.origin}/api/user/7/machineocv/machine/3/ocv/44`,
    ]);
  });
});

describe('lists', () => {
  const listing = (status: number, body?: unknown) => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: 'http://vigia.test', onUnauthorized, fetch: async () => jsonResponse(status, body) });
    return { list: listOf(client.GET('/api/user/{factory}/site', { params: { path: { factory: 1 } } })), onUnauthorized };
  };

  it('API-002: a failed list fetch other than 401 gives an empty list', async () => {
    for (const status of [400, 403, 404, 422, 500, 503]) {
      const { list, onUnauthorized } = listing(status, errorBody({ code: 'x', message: 'No.' }));
      await expect(list).resolves.toEqual([]);
      expect(onUnauthorized).not.toHaveBeenCalled();
    }
    const offline = createApiClient({ baseUrl: 'http://vigia.test', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(listOf(offline.GET('/api/admin/users'))).resolves.toEqual([]);
    // A 401 signs the user out and gives no list.
    const { list, onUnauthorized } = listing(401, errorBody({ code: 'unauthorized', message: 'Sesión caducada.' }));
    await expect(list).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A list that comes is the list.
    await expect(listing(200, [{ UsuCentroID: 1 }]).list).resolves.toEqual([{ UsuCentroID: 1 }]);
    await expect(listing(200, null).list).resolves.toEqual([]);
  });

  it("API-002: the SPA's lists (the catalogue's, the registry's, a machine's VCOs) come empty when they fail", async () => {
    const told = vi.fn();
    setFailedListHandler(told);
    answering({ status: 500, body: errorBody({ code: 'internal', message: 'Error interno.' }) });
    await expect(catalogCalls.list(SENSORS.taco, 'factory', 7)).resolves.toEqual([]);
    // The user is told that the empty list is not the real one.
    expect(told).toHaveBeenCalledTimes(1);
    await expect(catalogCalls.list(SENSORS.taco, 'template', 7)).resolves.toEqual([]);
    await expect(equipmentQuery(MEMS_KIND).queryFn()).resolves.toEqual([]);
    await expect(machineVcoCalls.list(7, 3)).resolves.toEqual([]);
    answering('offline');
    await expect(catalogCalls.list(SENSORS.taco, 'factory', 7)).resolves.toEqual([]);
    answering({ status: 401, body: errorBody({ code: 'unauthorized', message: 'Sesión caducada.' }) });
    await expect(catalogCalls.list(SENSORS.taco, 'factory', 7)).rejects.toBeInstanceOf(ApiError);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledTimes(5);
    setFailedListHandler(() => {});
  });
});

describe('dissociations', () => {
  const target = { machine: 3, point: 5, key: '21' };
  // Every dissociation the SPA makes: a point's VCV, digital VCV or VCP; a digital VCV from a
  // component's or a machine's points; a machine's VCO; a band from a spectrum.
  const dissociations: [string, () => Promise<unknown>][] = [
    ...ASSOC_KINDS.map((a): [string, () => Promise<unknown>] => [a.segment, () => assocCalls.dissociate(a, 7, target)]),
    ['spread over the component', () => spreadCalls.dissociate('component', target)],
    ['spread over the machine', () => spreadCalls.dissociate('machine', target)],
    ['machine VCO', () => machineVcoCalls.dissociate(7, 3, 44)],
    ['spectrum band', () => linkCalls.run(SPECTRUM.links![0], 'factory', 7, '8', { action: 'unlink', target: '21' })],
  ];

  it('API-004: a 400 answer to a dissociate counts as failure, with the server’s reasons', async () => {
    for (const [name, dissociate] of dissociations) {
      answering({ status: 400, body: errorBody({ code: 'not_linked', message: 'El elemento no está asociado.' }) });
      const failure = await dissociate().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure, name).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status, name).toBe(400);
      expect((failure as ApiError).errors, name).toEqual([{ code: 'not_linked', message: 'El elemento no está asociado.' }]);
    }
    for (const [name, dissociate] of dissociations) {
      answering({ status: 204 });
      await expect(dissociate(), name).resolves.toBeUndefined();
    }
    answering({ status: 200, body: true });
    await expect(assocCalls.dissociate(MPVD, 7, target)).resolves.toBe(true);
  });
});

describe('MEMS', () => {
  it('EQP-043: the MEMS calls’ answers are read as the whole body', async () => {
    const sensor = { ID: 4, Tipo: 'MEMS', NumeroSerie: 'KS-0004', NumeroOrden: 2, Bateria: 81250, Extra: { Firmware: '2.1' } };
    answering({ status: 200, body: [sensor] });
    await expect(equipmentQuery(MEMS_KIND).queryFn()).resolves.toEqual([sensor]);
    await expect(pageQuery({}, 0, 20).queryFn()).resolves.toEqual([sensor]);
    answering({ status: 200, body: { Total: 31, Extra: 'x' } });
    await expect(countQuery({}).queryFn()).resolves.toEqual({ Total: 31, Extra: 'x' });
    const check = [{ Nombre: 'Asignacion', OK: false, Errores: [{ code: 'not_assigned', message: 'Sin asignar.' }] }];
    answering({ status: 200, body: check });
    await expect(verifySensor(7, 4)).resolves.toEqual(check);
  });
});

describe('history queries', () => {
  const queries = Object.entries(sensorHistoryCalls);

  it('INST-013: the history queries sign the user out on 401 and give false on any other error', async () => {
    for (const [series, query] of queries) {
      for (const status of [400, 403, 404, 500]) {
        answering({ status, body: errorBody({ code: 'x', message: 'No.' }) });
        await expect(query(4, 7), `${series} ${status}`).resolves.toBe(false);
      }
      answering('offline');
      await expect(query(4, 7), `${series} offline`).resolves.toBe(false);
      expect(signOut).not.toHaveBeenCalled();
      answering({ status: 401, body: errorBody({ code: 'unauthorized', message: 'Sesión caducada.' }) });
      await expect(query(4, 7), `${series} 401`).rejects.toMatchObject({ status: 401 });
      expect(signOut, series).toHaveBeenCalledTimes(1);
      signOut.mockClear();
      const readings = [{ Fecha: '2026-11-01T00:00:00Z', Valor: 81250, X: 1, Y: 2, Z: 3 }];
      const requests = answering({ status: 200, body: readings });
      await expect(query(4, 7), series).resolves.toEqual(readings);
      expect(new URL(requests[0].url).pathname).toBe(`/api/mems/4/historical/${series}/days/7`);
    }
  });
});
