import { describe, expect, it } from 'vitest';
import { assignmentBody, pathTo } from '../equipment/adminTree';
import { factoryTree } from './assign';

const SITES = {
  2: [
    { Tipo: 'site' as const, ID: 5, Nombre: 'Centro Norte', Hijos: true },
    { Tipo: 'site' as const, ID: 6, Nombre: 'Centro Sur', Hijos: true },
  ],
};

const tree = factoryTree(
  [
    { UsuFabricaID: 2, Nombre: 'Planta Demo', Plantilla: false },
    { UsuFabricaID: 3, Nombre: 'Planta Norte', Plantilla: false },
  ],
  (id) => SITES[id as 2] ?? [],
);

describe('factoryTree', () => {
  it("holds the user's factories over their sites", () => {
    expect(tree).toEqual([
      {
        Tipo: 'FABRICA',
        ID: 2,
        Nombre: 'Planta Demo',
        Hijos: [
          { Tipo: 'CENTRO', ID: 5, Nombre: 'Centro Norte' },
          { Tipo: 'CENTRO', ID: 6, Nombre: 'Centro Sur' },
        ],
      },
      { Tipo: 'FABRICA', ID: 3, Nombre: 'Planta Norte', Hijos: [] },
    ]);
  });

  it('EQP-038: a chosen site is sent with its factory, a factory alone without a site', () => {
    expect(assignmentBody(pathTo(tree, 'CENTRO:6') ?? [])).toEqual({
      DistribuidorId: null,
      SocioId: null,
      UsuFabricaId: 2,
      UsuCentroId: 6,
    });
    expect(assignmentBody(pathTo(tree, 'FABRICA:3') ?? [])).toEqual({
      DistribuidorId: null,
      SocioId: null,
      UsuFabricaId: 3,
      UsuCentroId: null,
    });
  });
});
