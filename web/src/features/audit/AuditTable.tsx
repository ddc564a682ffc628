import { useState } from 'react';
import { Alert, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/useApiError';
import { currentLanguage } from '../../i18n';
import { ChangeDiff } from './ChangeDiff';
import { ChangeWhat } from './ChangeWhat';
import { subjectOf } from './operations';
import { useAuditLog, type AuditEntry, type AuditFilter, type AuditSource } from './api';
import './audit.css';
import { formatDateTime } from '../../lib/dates';

const PAGE = 20;

/** A date and time of the log in the language's own format. */
const when = (iso: string) => formatDateTime(iso, currentLanguage(), true);

/** A call as its log shows it: 'PUT /api/user/2/machine/5', wrapped after a slash where it must. */
function CallPath({ method, path }: { method: string; path: string }) {
  return (
    <code className="audit-path">
      {method} {path.split('/').flatMap((part, i) => (i === 0 ? [part] : ['/', <wbr key={i} />, part]))}
    </code>
  );
}

/**
 * A list of changes, newest first, a page at a time; a row opens its before and after side
 * by side. The administration's log and a machine's history are both this list.
 */
export function AuditTable({ source, filter = {} }: { source: AuditSource; filter?: Omit<AuditFilter, 'from' | 'size'> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // A new filter starts again from its first page.
  const [shown, setShown] = useState(filter);
  if (JSON.stringify(shown) !== JSON.stringify(filter)) {
    setShown(filter);
    setPage(1);
  }
  const log = useAuditLog(source, { ...filter, from: (page - 1) * PAGE, size: PAGE });

  const columns: TableColumnsType<AuditEntry> = [
    { key: 'Fecha', title: t('audit.date'), dataIndex: 'Fecha', render: when, width: 170 },
    { key: 'Usuario', title: t('audit.user'), dataIndex: 'Usuario', render: (u: string) => u || '—' },
    ...(source.kind === 'all' ? [{ key: 'Fabrica', title: t('audit.factory'), dataIndex: 'Fabrica', render: (f: string) => f || '—' }] : []),
    {
      key: 'Tipo',
      title: t('audit.kind'),
      dataIndex: 'Tipo',
      render: (k: string) => {
        const subject = subjectOf(k);
        return subject ? t(`audit.subjects.${subject}`) : <code>{k}</code>;
      },
    },
    { key: 'Operacion', title: t('audit.operation'), dataIndex: 'Operacion', render: (op: string, e: AuditEntry) => <ChangeWhat operation={op} name={e.Nombre} /> },
    // The call itself is for the administration's log; a machine's history says what, not how.
    ...(source.kind === 'all'
      ? [{ key: 'Ruta', title: t('audit.path'), dataIndex: 'Ruta', render: (r: string, e: AuditEntry) => <CallPath method={e.Metodo} path={r} /> }]
      : []),
  ];
  return (
    <>
      {log.isError && <Alert type="error" showIcon title={describeError(t, log.error)} style={{ marginBottom: 16 }} />}
      <Table<AuditEntry>
        className="audit-log"
        rowKey="ID"
        size="middle"
        columns={columns}
        dataSource={log.data?.Filas ?? []}
        loading={log.isFetching}
        expandable={{ expandedRowRender: (e) => <ChangeDiff entry={e} />, expandRowByClick: true }}
        pagination={{ current: page, pageSize: PAGE, total: log.data?.Total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('audit.empty') }}
        // Within its card, long names and paths wrapped; scrolled only where the screen is narrower than that.
        scroll={{ x: 720 }}
      />
    </>
  );
}
