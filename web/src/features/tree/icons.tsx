import type { ReactNode } from 'react';
import { AimOutlined, AppstoreOutlined, BuildOutlined, EnvironmentOutlined, SettingOutlined } from '@ant-design/icons';
import type { NodeKind } from './model';

/** The icon of each level of the tree, in the side-bar, the search and the editors' titles. */
export const KIND_ICON: Record<NodeKind, ReactNode> = {
  site: <EnvironmentOutlined />,
  area: <AppstoreOutlined />,
  machine: <SettingOutlined />,
  component: <BuildOutlined />,
  point: <AimOutlined />,
};
