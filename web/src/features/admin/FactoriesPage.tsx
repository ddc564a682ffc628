import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Factory } from '../../api/types';
import { useMe } from '../../app/auth';
import { useFactoryName, WorkspaceMark } from '../../app/FactoryName';
import { isTemplateWorkspace } from '../../app/workspace';
import { isAdmin } from '../../app/roles';
import { RowAction } from '../../components/RowAction';
import { AdminListPage } from './AdminListPage';
import { factoriesQuery } from './api';
import { FactoryFormModal } from './FactoryFormModal';

/** Factories: ADMIN creates and edits them; other users see their own, read-only. */
export default function FactoriesPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const admin = isAdmin(me.Tipos);
  const list = useQuery(factoriesQuery);
  const nameOf = useFactoryName();

  const columns = (edit: (factory: Factory) => void): TableColumnsType<Factory> => [
    {
      title: t('admin.factories.name'),
      dataIndex: 'Nombre',
      // The template workspace under its mark and the name it has everywhere else.
      render: (_: string, factory: Factory) => (
        <>
          {isTemplateWorkspace(factory) && <WorkspaceMark />}
          {nameOf(factory)}
        </>
      ),
      sorter: (a, b) => a.Nombre.localeCompare(b.Nombre, i18n.language),
      defaultSortOrder: 'ascend',
    },
    { title: t('admin.factories.reference'), dataIndex: 'Referencia' },
    ...(admin
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, factory: Factory) => <RowAction label={t('common.edit')} icon={<EditOutlined />} onClick={() => edit(factory)} />,
          },
        ]
      : []),
  ];

  return (
    <AdminListPage<Factory>
      title={t('admin.factories.title')}
      newLabel={admin ? t('admin.factories.new') : undefined}
      empty={t('admin.factories.empty')}
      list={list}
      rowKey="UsuFabricaID"
      columns={columns}
      form={(factory, onClose) => <FactoryFormModal factory={factory} onClose={onClose} />}
    />
  );
}
