import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Dropdown, Grid, Layout, Select, Typography, theme } from 'antd';
import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { useMe } from './auth';
import { FactoryProvider, useFactory } from './factory';
import { LanguageSelect } from './LanguageSelect';
import { LOGIN_PATH } from './session';
import { SideBar } from './SideBar';
import { TreeProvider } from '../features/tree/TreeContext';
import { ProductMark } from './ProductMark';
import { useFactoryName, WorkspaceMark } from './FactoryName';
import { isTemplateWorkspace, orderFactories } from './workspace';
import { LazyOutlet } from '../components/LazyOutlet';
import { SIDER_DEFAULT, SiderHandle, useSiderWidth } from './SiderHandle';

/**
 * Factory switcher, shown only to users of more than one factory. The template workspace
 * (ADMIN only) is listed last, under its own name and with its own icon.
 */
function FactorySelect({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const nameOf = useFactoryName();
  const { factories, factoryId, selectFactory } = useFactory();
  if (factories.length < 2) return null;
  const templates = new Set(factories.filter(isTemplateWorkspace).map((f) => f.UsuFabricaID));
  const withMark = (value: unknown, label: ReactNode) =>
    templates.has(value as number) ? (
      <span>
        <WorkspaceMark />
        {label}
      </span>
    ) : (
      label
    );
  return (
    <Select<number>
      aria-label={t('shell.factory')}
      placeholder={t('shell.selectFactory')}
      value={factoryId}
      onChange={selectFactory}
      options={factories.map((f) => ({ value: f.UsuFabricaID, label: nameOf(f) }))}
      optionRender={(option) => withMark(option.value, option.label)}
      labelRender={({ value, label }) => withMark(value, label)}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      // On small screens it gives way so that the language and user menus stay visible.
      style={compact ? { flex: '0 1 160px', minWidth: 0 } : { minWidth: 180, maxWidth: 320 }}
    />
  );
}

/** User name with a menu holding "Cerrar sesión". */
function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/logout')),
    // Whatever the server answers, the user asked to leave: forget everything and go to the
    // sign-in page (a dead session answers 401, which leads there too).
    onSettled: async () => {
      await navigate(LOGIN_PATH, { replace: true });
      queryClient.clear();
    },
  });

  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items: [
          { key: 'who', label: `${me.Nombre} (${me.Login})`, disabled: true },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout.mutate();
        },
      }}
    >
      <Button type="text" aria-label={t('shell.userMenu')} icon={<UserOutlined />} loading={logout.isPending}>
        {!compact && (
          <>
            {me.Nombre} <DownOutlined style={{ fontSize: 10 }} />
          </>
        )}
      </Button>
    </Dropdown>
  );
}

/** The signed-in application frame: header, side-bar (a drawer on small screens) and content. */
function Shell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Until the first measurement, assume a large screen; on small ones (< 992 px, TREE-012) the
  // side-bar moves into a drawer opened from the header's menu button.
  const wide = screens.lg !== false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [siderWidth, setSiderWidth] = useSiderWidth();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: wide ? 12 : 4,
          paddingInline: wide ? 24 : 8,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        {!wide && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('shell.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="app-sidebar-drawer"
            onClick={() => setDrawerOpen(true)}
          />
        )}
        <ProductMark compact={!wide} />
        <FactorySelect compact={!wide} />
        <div style={{ flex: 1 }} />
        <LanguageSelect saveToProfile compact={!wide} />
        <UserMenu compact={!wide} />
      </Layout.Header>
      <Layout>
        {wide && (
          <Layout.Sider
            width={siderWidth}
            theme="light"
            style={{
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
              position: 'sticky',
              top: 64,
              height: 'calc(100vh - 64px)',
              overflow: 'auto',
            }}
          >
            <SideBar />
          </Layout.Sider>
        )}
        {wide && <SiderHandle width={siderWidth} onResize={setSiderWidth} label={t('shell.resizeSidebar')} />}
        {!wide && (
          <Drawer
            id="app-sidebar-drawer"
            placement="left"
            size={SIDER_DEFAULT}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={<Typography.Text strong>{t('app.name')}</Typography.Text>}
            closable={{ 'aria-label': t('shell.closeMenu') }}
            styles={{ body: { padding: 0 } }}
          >
            <SideBar onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          <LazyOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Layout of every signed-in page; provides the current factory (useFactory) and the side-bar tree's state (useTree). */
export default function AppLayout() {
  const me = useMe();
  const factories = useMemo(() => orderFactories(me.Fabricas ?? []), [me.Fabricas]);
  return (
    <FactoryProvider factories={factories}>
      <TreeProvider>
        <Shell />
      </TreeProvider>
    </FactoryProvider>
  );
}
