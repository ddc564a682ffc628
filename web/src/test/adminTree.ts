import type { AdminTreeNode } from '../features/devices/equipment/api';

const site = (ID: number, Nombre: string): AdminTreeNode => ({ Tipo: 'CENTRO', ID, Nombre, Hijos: [] });

/** The demo's tree: a distributor > partner > two factories, and a factory without a partner at the top. */
export const ADMIN_TREE: AdminTreeNode[] = [
  {
    Tipo: 'DISTRIBUIDOR',
    ID: 1,
    Nombre: 'Distribuciones Iberia',
    Hijos: [
      {
        Tipo: 'SOCIO',
        ID: 1,
        Nombre: 'Socio Norte',
        Hijos: [
          { Tipo: 'FABRICA', ID: 1, Nombre: 'Planta Demo', Hijos: [site(1, 'Centro Norte'), site(2, 'Centro Sur')] },
          { Tipo: 'FABRICA', ID: 2, Nombre: 'Planta Norte', Hijos: [site(3, 'Centro Norte')] },
        ],
      },
    ],
  },
  { Tipo: 'FABRICA', ID: 3, Nombre: 'Planta Sola', Hijos: null },
];
