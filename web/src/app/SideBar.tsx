import { useState } from 'react';
import { Empty, Flex, Menu } from 'antd';
import type { MenuProps } from 'antd';
import {
  AreaChartOutlined,
  BankOutlined,
  BookOutlined,
  BarChartOutlined,
  HddOutlined,
  HistoryOutlined,
  HomeOutlined,
  ImportOutlined,
  SettingOutlined,
  TeamOutlined,
  DashboardOutlined,
  ControlOutlined,
  FundOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AssetTree } from '../features/tree/AssetTree';
import { useMe } from './auth';
import { useFactory } from './factory';
import { isAdmin, isEditor } from './roles';
import { MEMS_BASE, mayUseMems } from '../features/devices/mems/section';

/** The page that imports measured history (ADMIN and U_EDITOR). */
const IMPORT_PATH = '/history/import';

/** Menu key of the page at `pathname` (the menu keys are the routes). */
function selectedKey(pathname: string): string {
  if (pathname.startsWith('/catalog/sensors')) return '/catalog/sensors';
  if (pathname.startsWith('/catalog/bands')) return '/catalog/bands';
  if (pathname.startsWith('/catalog/spectra')) return '/catalog/spectra';
  if (pathname.startsWith('/catalog/vcvs')) return '/catalog/vcvs';
  if (pathname.startsWith('/catalog/criteria')) return '/catalog/criteria';
  if (pathname.startsWith(MEMS_BASE)) return MEMS_BASE;
  if (pathname.startsWith(IMPORT_PATH)) return IMPORT_PATH;
  if (pathname.startsWith('/admin/factories')) return '/admin/factories';
  if (pathname.startsWith('/admin/users')) return '/admin/users';
  if (pathname.startsWith('/admin/equipment')) return '/admin/equipment';
  if (pathname.startsWith('/admin/audit')) return '/admin/audit';
  return pathname === '/' ? '/' : '';
}

/** localStorage key of the menu's open groups: they stay as the user left them. */
const OPEN_GROUPS_KEY = 'vigia.nav.open';

/** The menu group of a page's key (the catalogue's, the administration's), if any. */
function groupOf(key: string): string | undefined {
  if (key.startsWith('/catalog/')) return 'catalog';
  if (key.startsWith('/admin/')) return 'admin';
  return undefined;
}

/** The open groups as the user left them (none stored, or unreadable: undefined). */
function storedGroups(): string[] | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(OPEN_GROUPS_KEY) ?? 'null');
    return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The menu's open groups. The catalogue and the administration fold away, leaving the asset
 * tree the height of the side-bar; the group of the page shown opens as it is reached.
 */
function useOpenGroups(group: string | undefined): [string[], (keys: string[]) => void] {
  const [open, setOpen] = useState<string[]>(() => {
    const stored = storedGroups() ?? [];
    return group && !stored.includes(group) ? [...stored, group] : stored;
  });
  const [reached, setReached] = useState(group);
  if (group !== reached) {
    setReached(group);
    if (group && !open.includes(group)) setOpen([...open, group]);
  }
  const change = (keys: string[]) => {
    setOpen(keys);
    localStorage.setItem(OPEN_GROUPS_KEY, JSON.stringify(keys));
  };
  return [open, change];
}

/** Main navigation: Inicio and the administration pages the user may open. */
function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedKey(pathname);
  const [openGroups, setOpenGroups] = useOpenGroups(groupOf(selected));

  const adminItems: NonNullable<MenuProps['items']> = [
    { key: '/admin/factories', icon: <BankOutlined />, label: t('nav.factories') },
  ];
  if (isAdmin(me.Tipos)) {
    adminItems.push(
      { key: '/admin/users', icon: <TeamOutlined />, label: t('nav.users') },
      { key: '/admin/equipment', icon: <HddOutlined />, label: t('equipment.nav') },
      { key: '/admin/audit', icon: <HistoryOutlined />, label: t('audit.title') },
    );
  }

  const items: MenuProps['items'] = [
    { key: '/', icon: <HomeOutlined />, label: t('nav.home') },
    ...(mayUseMems(me.Tipos) ? [{ key: MEMS_BASE, icon: <WifiOutlined />, label: t('mems.nav') }] : []),
    ...(isEditor(me.Tipos) ? [{ key: IMPORT_PATH, icon: <ImportOutlined />, label: t('history.nav') }] : []),
    {
      key: 'catalog',
      icon: <BookOutlined />,
      label: t('catalog.nav.title'),
      children: [
        { key: '/catalog/sensors', icon: <DashboardOutlined />, label: t('catalog.nav.sensors') },
        { key: '/catalog/bands', icon: <BarChartOutlined />, label: t('catalog.nav.bands') },
        { key: '/catalog/spectra', icon: <AreaChartOutlined />, label: t('catalog.nav.spectra') },
        { key: '/catalog/vcvs', icon: <FundOutlined />, label: t('vcvs.nav') },
        { key: '/catalog/criteria', icon: <ControlOutlined />, label: t('catalog.nav.criteria') },
      ],
    },
    { key: 'admin', icon: <SettingOutlined />, label: t('nav.administration'), children: adminItems },
  ];

  return (
    <Menu
      mode="inline"
      aria-label={t('nav.label')}
      items={items}
      selectedKeys={[selected]}
      openKeys={openGroups}
      onOpenChange={setOpenGroups}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

/** The asset tree region: the current factory's tree, or a note when the user has no factory. */
function TreeRegion({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { factoryId } = useFactory();
  if (factoryId === undefined) {
    return (
      <section id="sidebar-tree" aria-label={t('sidebar.treeLabel')} style={{ padding: '12px 16px' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sidebar.noFactory')} />
      </section>
    );
  }
  return <AssetTree onNavigate={onNavigate} />;
}

/** Side-bar content: navigation on top, the factory's asset tree below. */
export function SideBar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Navigation onNavigate={onNavigate} />
      <div style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <TreeRegion onNavigate={onNavigate} />
      </div>
    </Flex>
  );
}
