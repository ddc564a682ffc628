import type { ReactNode } from 'react';
import { BankOutlined, ClusterOutlined, EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import type { AdminNodeType, AdminTreeNode } from './api';
import { nodeKey } from './adminTree';

/** The icon of each level of the admin tree. */
export const NODE_ICON: Record<AdminNodeType, ReactNode> = {
  DISTRIBUIDOR: <ClusterOutlined />,
  SOCIO: <TeamOutlined />,
  FABRICA: <BankOutlined />,
  CENTRO: <EnvironmentOutlined />,
};

/** A node of the antd Tree / TreeSelect data: `title` the node's name, `label` its path from the factory. */
export interface AdminTreeOption {
  value: string;
  key: string;
  title: string;
  label: string;
  icon: ReactNode;
  children: AdminTreeOption[];
}

/**
 * The admin tree as antd tree data. A site's `label` carries its factory ("Planta Demo › Centro
 * Norte") so that the chosen node reads unambiguously once the tree is closed.
 */
export function adminTreeData(nodes: readonly AdminTreeNode[], factory?: string): AdminTreeOption[] {
  return nodes.map((n) => {
    const label = n.Tipo === 'CENTRO' && factory ? `${factory} › ${n.Nombre}` : n.Nombre;
    const key = nodeKey(n);
    return {
      value: key,
      key,
      title: n.Nombre,
      label,
      icon: NODE_ICON[n.Tipo],
      children: adminTreeData(n.Hijos ?? [], n.Tipo === 'FABRICA' ? n.Nombre : factory),
    };
  });
}
