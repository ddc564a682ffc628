import { useQuery } from '@tanstack/react-query';
import { App, Flex, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { EditOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types';
import { normalizeLanguage } from '../../i18n';
import { RoleTags } from '../../app/RoleTags';
import { ConfirmRowAction, RowAction } from '../../components/RowAction';
import { isAdmin } from '../../app/roles';
import { useApiError } from '../../app/useApiError';
import { AdminListPage } from './AdminListPage';
import { factoriesQuery, useEndSessions, usersQuery } from './api';
import { UserFormModal } from './UserFormModal';

/** "Cerrar sesiones" row action, behind a confirmation. */
function EndSessionsButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const onError = useApiError();
  const end = useEndSessions();
  return (
    <ConfirmRowAction
      label={t('admin.users.endSessions')}
      icon={<LogoutOutlined />}
      confirm={t('admin.users.endSessionsConfirm', { login: user.Login })}
      description={t('admin.users.endSessionsDescription')}
      okText={t('admin.users.endSessions')}
      loading={end.isPending}
      onConfirm={() =>
        end.mutateAsync(user.UsuarioID).then(
          () => void message.success(t('admin.users.sessionsEnded', { login: user.Login })),
          (error: unknown) => onError(error),
        )
      }
    />
  );
}

/** Users (ADMIN only; the route is guarded by RequireAdmin). */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const users = useQuery(usersQuery);
  const factories = useQuery(factoriesQuery);

  const factoryName = new Map((factories.data ?? []).map((f) => [f.UsuFabricaID, f.Nombre]));

  const columns = (edit: (user: User) => void): TableColumnsType<User> => [
    {
      title: t('admin.users.login'),
      dataIndex: 'Login',
      sorter: (a, b) => a.Login.localeCompare(b.Login, i18n.language),
      defaultSortOrder: 'ascend',
    },
    {
      title: t('admin.users.name'),
      dataIndex: 'Nombre',
      sorter: (a, b) => a.Nombre.localeCompare(b.Nombre, i18n.language),
    },
    { title: t('admin.users.types'), key: 'Tipos', render: (_, u) => <RoleTags tipos={u.Tipos} /> },
    {
      title: t('admin.users.factories'),
      key: 'Fabricas',
      // An administrator reaches them all, whichever it is a member of.
      render: (_, u) => (
        <Flex wrap gap={4}>
          {isAdmin(u.Tipos) ? (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {t('admin.users.allFactories')}
            </Tag>
          ) : (
            (u.Fabricas ?? []).map((id) => (
              <Tag key={id} style={{ marginInlineEnd: 0 }}>
                {factoryName.get(id) ?? `#${id}`}
              </Tag>
            ))
          )}
        </Flex>
      ),
    },
    {
      title: t('admin.users.language'),
      dataIndex: 'Idioma',
      render: (_, u) => t(`language.${normalizeLanguage(u.Idioma)}`),
    },
    {
      title: t('admin.users.active'),
      dataIndex: 'Activo',
      render: (_, u) => (u.Activo ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
      filters: [
        { text: t('common.yes'), value: true },
        { text: t('common.no'), value: false },
      ],
      onFilter: (value, u) => u.Activo === value,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, u) => (
        <Flex gap={4}>
          <RowAction label={t('common.edit')} icon={<EditOutlined />} onClick={() => edit(u)} />
          <EndSessionsButton user={u} />
        </Flex>
      ),
    },
  ];

  return (
    <AdminListPage<User>
      title={t('admin.users.title')}
      newLabel={t('admin.users.new')}
      empty={t('admin.users.empty')}
      list={users}
      rowKey="UsuarioID"
      columns={columns}
      // The template workspace is the administrators' own, never given to a user.
      form={(user, onClose) => <UserFormModal user={user} factories={(factories.data ?? []).filter((f) => !f.Plantilla)} onClose={onClose} />}
    />
  );
}
