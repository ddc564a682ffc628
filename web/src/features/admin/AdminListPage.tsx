import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/useApiError';
import { useDocumentTitle } from '../../app/useDocumentTitle';

/**
 * An administration list (factories, users): a card with its title and 'new' button, the
 * list's load error, its table, and the form of the row being edited or created.
 */
export function AdminListPage<T extends object>({
  title,
  newLabel,
  empty,
  list,
  rowKey,
  columns,
  form,
}: {
  title: string;
  /** Text of the 'new' button; without it the list is read-only. */
  newLabel?: string;
  /** What the table says when the list is empty. */
  empty: string;
  list: UseQueryResult<T[]>;
  rowKey: keyof T & string;
  /** The table's columns; `edit` opens a row's form. */
  columns: (edit: (row: T) => void) => TableColumnsType<T>;
  /** The form of `row`, or of a new one; mounted while open, `onClose` unmounts it. */
  form: (row: T | undefined, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  // undefined: closed; null: creating; a row: editing it.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  useDocumentTitle(title);

  return (
    <Card
      title={title}
      extra={
        newLabel && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {newLabel}
          </Button>
        )
      }
    >
      {list.isError && <Alert type="error" showIcon title={describeError(t, list.error)} style={{ marginBottom: 16 }} />}
      <Table<T>
        rowKey={rowKey}
        columns={columns(setEditing)}
        dataSource={list.data}
        loading={list.isPending}
        pagination={{ hideOnSinglePage: true, pageSize: 50 }}
        locale={{ emptyText: empty }}
        // As wide as the card, its cells wrapping (a user's many factories, the two actions in
        // French); it scrolls sideways only where even wrapped they do not fit (a phone).
        scroll={{ x: 'min-content' }}
        size="middle"
      />
      {editing !== undefined && form(editing ?? undefined, () => setEditing(undefined))}
    </Card>
  );
}
