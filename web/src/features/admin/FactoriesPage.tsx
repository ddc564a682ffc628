import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Factory } from '../../api/types';
import { useMe } from '../../app/auth';
import { isAdmin } from '../../app/roles';
import { describeError } from '../../app/useApiError';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { factoriesQuery } from './api';
import { FactoryFormModal } from './FactoryFormModal';

/** Factories: ADMIN creates and edits them; other users see their own, read-only. */
export default function FactoriesPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const admin = isAdmin(me.Tipos);
  const list = useQuery(factoriesQuery);
  // undefined: closed; null: creating; a factory: editing it.
  const [editing, setEditing] = useState<Factory | null | undefined>(undefined);
  useDocumentTitle(t('admin.factories.title'));

  const columns: TableColumnsType<Factory> = [
    {
      title: t('admin.factories.name'),
      dataIndex: 'Nombre',
      sorter: (a, b) => a.Nombre.localeCompare(b.Nombre, i18n.language),
      defaultSortOrder: 'ascend',
    },
    { title: t('admin.factories.reference'), dataIndex: 'Referencia' },
  ];
  if (admin) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, factory) => (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing(factory)}
          aria-label={`${t('common.edit')} ${factory.Nombre}`}
        >
          {t('common.edit')}
        </Button>
      ),
    });
  }

  return (
    <Card
      title={t('admin.factories.title')}
      extra={
        admin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('admin.factories.new')}
          </Button>
        )
      }
    >
      {list.isError && (
        <Alert type="error" showIcon title={describeError(t, list.error)} style={{ marginBottom: 16 }} />
      )}
      <Table<Factory>
        rowKey="UsuFabricaID"
        columns={columns}
        dataSource={list.data}
        loading={list.isPending}
        pagination={{ hideOnSinglePage: true, pageSize: 50 }}
        locale={{ emptyText: t('admin.factories.empty') }}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
      {editing !== undefined && (
        <FactoryFormModal factory={editing ?? undefined} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}
