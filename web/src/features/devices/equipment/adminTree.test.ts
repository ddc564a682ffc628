import { describe, expect, it } from 'vitest';
import { assignmentBody, assignmentKey, assignmentPath, nodeKey, nodesOf, pathTo } from './adminTree';
import { adminTreeData } from './nodes';
import { ADMIN_TREE as TREE } from '../../../test/adminTree';

describe('admin tree', () => {
  it('finds the path from a root to a node; levels share ids', () => {
    expect(pathTo(TREE, 'CENTRO:3')?.map((n) => n.Nombre)).toEqual([
      'Distribuciones Iberia',
      'Socio Norte',
      'Planta Norte',
      'Centro Norte',
    ]);
    expect(pathTo(TREE, 'SOCIO:1')?.map(nodeKey)).toEqual(['DISTRIBUIDOR:1', 'SOCIO:1']);
    expect(pathTo(TREE, 'FABRICA:3')?.map(nodeKey)).toEqual(['FABRICA:3']);
    expect(pathTo(TREE, 'CENTRO:9')).toBeUndefined();
  });

  it('EQP-024: a site is sent with its factory, partner and distributor', () => {
    expect(assignmentBody(pathTo(TREE, 'CENTRO:1')!)).toEqual({ DistribuidorId: 1, SocioId: 1, UsuFabricaId: 1, UsuCentroId: 1 });
  });

  it('EQP-024: a factory leaves the site empty; a factory without a partner sends itself only', () => {
    expect(assignmentBody(pathTo(TREE, 'FABRICA:2')!)).toEqual({ DistribuidorId: 1, SocioId: 1, UsuFabricaId: 2, UsuCentroId: null });
    expect(assignmentBody(pathTo(TREE, 'FABRICA:3')!)).toEqual({ DistribuidorId: null, SocioId: null, UsuFabricaId: 3, UsuCentroId: null });
    expect(assignmentBody(pathTo(TREE, 'DISTRIBUIDOR:1')!)).toEqual({ DistribuidorId: 1, SocioId: null, UsuFabricaId: null, UsuCentroId: null });
  });

  it('EQP-024, EQP-038: no node (the selection cleared) unassigns: every field null', () => {
    expect(assignmentBody([])).toEqual({ DistribuidorId: null, SocioId: null, UsuFabricaId: null, UsuCentroId: null });
  });

  it("reads a device's assignment back as its deepest node (the server leaves out the empty levels)", () => {
    expect(assignmentKey({ DistribuidorId: 1, SocioId: 1, UsuFabricaId: 2, Nombre: 'Planta Norte' })).toBe('FABRICA:2');
    expect(assignmentKey({ DistribuidorId: 1, SocioId: 1, UsuFabricaId: 1, UsuCentroId: 2 })).toBe('CENTRO:2');
    expect(assignmentKey({ DistribuidorId: 1, SocioId: null, UsuFabricaId: null, UsuCentroId: null })).toBe('DISTRIBUIDOR:1');
    expect(assignmentKey({})).toBeUndefined();
    expect(assignmentKey(null)).toBeUndefined();
  });

  it('an assignment reads from its factory down, so that sites of the same name differ', () => {
    expect(assignmentPath({ DistribuidorId: 1, SocioId: 1, UsuFabricaId: 1, UsuCentroId: 1 }, TREE)).toEqual(['Planta Demo', 'Centro Norte']);
    expect(assignmentPath({ DistribuidorId: 1, SocioId: 1, UsuFabricaId: 2, UsuCentroId: 3 }, TREE)).toEqual(['Planta Norte', 'Centro Norte']);
    expect(assignmentPath({ UsuFabricaId: 3 }, TREE)).toEqual(['Planta Sola']);
    expect(assignmentPath({ DistribuidorId: 1, SocioId: 1 }, TREE)).toEqual(['Socio Norte']);
    // Before the tree has loaded: the name the device carries.
    expect(assignmentPath({ UsuFabricaId: 1, Nombre: 'Planta Demo' }, [])).toEqual(['Planta Demo']);
    expect(assignmentPath({}, TREE)).toBeUndefined();
  });

  it('lists the nodes of a level wherever they hang', () => {
    expect(nodesOf(TREE, 'FABRICA').map((n) => n.Nombre)).toEqual(['Planta Demo', 'Planta Norte', 'Planta Sola']);
    expect(nodesOf(TREE, 'SOCIO').map((n) => n.Nombre)).toEqual(['Socio Norte']);
  });

  it("gives a site's option its factory's name, so that the chosen node reads unambiguously", () => {
    const data = adminTreeData(TREE);
    const norte = data[0].children[0].children[1];
    expect(norte).toMatchObject({ value: 'FABRICA:2', title: 'Planta Norte', label: 'Planta Norte' });
    expect(norte.children[0]).toMatchObject({ value: 'CENTRO:3', title: 'Centro Norte', label: 'Planta Norte › Centro Norte' });
    expect(data[1]).toMatchObject({ value: 'FABRICA:3', children: [] });
  });
});
