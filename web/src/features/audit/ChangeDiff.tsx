import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { localDecimal } from '../../lib/decimal';
import { diffFields, type FieldDiff } from './diff';
import type { AuditEntry } from './api';

/** A change's before and after side by side, field by field, the fields that changed highlighted. */
export function ChangeDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = diffFields(entry.Antes, entry.Despues);
  const language = currentLanguage();
  // A decimal reads with the language's mark: '300.000' is three hundred, not 300 thousand.
  const cell = (v: string | undefined) =>
    v === undefined ? <Typography.Text type="secondary">—</Typography.Text> : <span className="audit-value">{localDecimal(v, language)}</span>;
  return (
    <Table<FieldDiff>
      className="audit-diff"
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={rows}
      rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
      locale={{ emptyText: t('audit.noValues') }}
      columns={[
        { key: 'field', title: t('audit.field'), dataIndex: 'field', width: '30%', render: (f: string) => <Typography.Text code>{f || '—'}</Typography.Text> },
        { key: 'before', title: t('audit.before'), dataIndex: 'before', width: '35%', render: cell },
        { key: 'after', title: t('audit.after'), dataIndex: 'after', width: '35%', render: cell },
      ]}
    />
  );
}
