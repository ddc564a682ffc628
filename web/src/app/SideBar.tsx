import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Menu, Skeleton, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { ApartmentOutlined, BankOutlined, HomeOutlined, TeamOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { keys } from '../api/keys';
import { useMe } from './auth';
import { useFactory } from './factory';
import { isAdmin } from './roles';

/** Menu key of the page at `pathname` (the menu keys are the routes). */
function selectedKey(pathname: string): string {
  if (pathname.startsWith('/admin/factories')) return '/admin/factories';
  if (pathname.startsWith('/admin/users')) return '/admin/users';
  return pathname === '/' ? '/' : '';
}

/** Main navigation: Inicio and the administration pages the user may open. */
function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const adminItems: NonNullable<MenuProps['items']> = [
    { key: '/admin/factories', icon: <BankOutlined />, label: t('nav.factories') },
  ];
  if (isAdmin(me.Tipos)) adminItems.push({ key: '/admin/users', icon: <TeamOutlined />, label: t('nav.users') });

  const items: MenuProps['items'] = [
    { key: '/', icon: <HomeOutlined />, label: t('nav.home') },
    { type: 'group', key: 'admin', label: t('nav.administration'), children: adminItems },
  ];

  return (
    <Menu
      mode="inline"
      aria-label={t('nav.label')}
      items={items}
      selectedKeys={[selectedKey(pathname)]}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

/**
 * The asset tree region. For now it shows the current factory as the root of the tree; the
 * tree itself (sites, areas, machines, ...) will be rendered here.
 */
function AssetTree() {
  const { t } = useTranslation();
  const { factoryId } = useFactory();
  const factory = useQuery({
    queryKey: keys.factory(factoryId ?? 0),
    queryFn: () => unwrap(api.GET('/api/user/{factory}', { params: { path: { factory: factoryId ?? 0 } } })),
    enabled: factoryId !== undefined,
  });

  let body;
  if (factoryId === undefined) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sidebar.noFactory')} />;
  } else if (factory.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  } else if (factory.isError) {
    body = <Alert type="warning" showIcon title={t('sidebar.factoryUnavailable')} />;
  } else {
    body = (
      <>
        <Typography.Title level={5} style={{ margin: 0 }}>
          <ApartmentOutlined style={{ marginInlineEnd: 8 }} />
          {factory.data.Nombre}
        </Typography.Title>
        <Typography.Text type="secondary">{t('sidebar.treePending')}</Typography.Text>
      </>
    );
  }

  return (
    <section id="sidebar-tree" aria-label={t('sidebar.treeLabel')} style={{ padding: '12px 16px' }}>
      <Flex vertical gap={8}>
        {body}
      </Flex>
    </section>
  );
}

/** Side-bar content: navigation on top, the factory's asset tree below. */
export function SideBar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Navigation onNavigate={onNavigate} />
      <div style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', flex: 1, overflow: 'auto' }}>
        <AssetTree />
      </div>
    </Flex>
  );
}
