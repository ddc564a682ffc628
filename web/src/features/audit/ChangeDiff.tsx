import { useState } from 'react';
import { Checkbox, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { localDecimal } from '../../lib/decimal';
import { diffFields, type FieldDiff } from './diff';
import type { AuditEntry } from './api';

/**
 * A change's before and after side by side, field by field, the fields that changed highlighted.
 * An edit shows the fields it changed, the untouched ones a click away: a machine's save sends
 * its every field, of which a rename changes two.
 */
export function ChangeDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = diffFields(entry.Antes, entry.Despues);
  const changed = rows.filter((r) => r.changed);
  const partly = changed.length > 0 && changed.length < rows.length;
  const [onlyChanged, setOnlyChanged] = useState(true);
  const language = currentLanguage();
  // A decimal reads with the language's mark: '300.000' is three hundred, not 300 thousand.
  const cell = (v: string | undefined) =>
    v === undefined ? <Typography.Text type="secondary">—</Typography.Text> : <span className="audit-value">{localDecimal(v, language)}</span>;
  return (
    <Flex vertical gap={8}>
      {partly && (
        <Checkbox checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)}>
          {t('audit.onlyChanged', { changed: changed.length, total: rows.length })}
        </Checkbox>
      )}
      <Table<FieldDiff>
        className="audit-diff"
        rowKey="field"
        size="small"
        pagination={false}
        dataSource={partly && onlyChanged ? changed : rows}
        rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
        locale={{ emptyText: t('audit.noValues') }}
        columns={[
          { key: 'field', title: t('audit.field'), dataIndex: 'field', width: '30%', render: (f: string) => <Typography.Text code>{f || '—'}</Typography.Text> },
          { key: 'before', title: t('audit.before'), dataIndex: 'before', width: '35%', render: cell },
          { key: 'after', title: t('audit.after'), dataIndex: 'after', width: '35%', render: cell },
        ]}
      />
    </Flex>
  );
}
