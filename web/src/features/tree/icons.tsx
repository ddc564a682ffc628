import type { ReactNode } from 'react';
import {
  AimOutlined,
  AppstoreOutlined,
  BuildOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FunctionOutlined,
  LinkOutlined,
  NodeIndexOutlined,
  PartitionOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { NodeKind } from './model';

/** The icon of each level of the tree, in the side-bar, the search and the editors' titles. */
export const KIND_ICON: Record<NodeKind, ReactNode> = {
  site: <EnvironmentOutlined />,
  area: <AppstoreOutlined />,
  machine: <SettingOutlined />,
  component: <BuildOutlined />,
  point: <AimOutlined />,
};

/** The group of a machine's VCO/VCOVs. */
export const VCO_GROUP_ICON = <NodeIndexOutlined />;

/** A VCO (read from a sensor) and a VCOV (virtual, entered or nominal value). */
export const VCO_ICON: Record<'VCO' | 'VCOV', ReactNode> = {
  VCO: <DashboardOutlined />,
  VCOV: <FunctionOutlined />,
};

/** A point's group of associated VCVs or VCPs, and one associated item. */
export const ASSOC_GROUP_ICON = <PartitionOutlined />;
export const ASSOC_ICON = <LinkOutlined />;
