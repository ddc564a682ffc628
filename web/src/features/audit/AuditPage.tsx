import { useState } from 'react';
import { Card, DatePicker, Select, Space, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from '../../app/dates';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { factoriesQuery, usersQuery } from '../admin/api';
import { AuditTable } from './AuditTable';
import { CHANGE_SUBJECTS, kindsOf, type ChangeSubject } from './operations';

const ALL = { kind: 'all' } as const;

/** A clearable, searchable filter of the log, named by its placeholder. */
function FilterSelect<V extends number | string>({ label, ...props }: SelectProps<V> & { label: string }) {
  return <Select<V> allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={label} aria-label={label} style={{ width: 200 }} {...props} />;
}

/** The administration's log of configuration changes, by user, factory, kind and dates. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('audit.title'));
  const users = useQuery(usersQuery);
  const factories = useQuery(factoriesQuery);
  const [usuario, setUsuario] = useState<number>();
  const [fabrica, setFabrica] = useState<number>();
  const [subject, setSubject] = useState<ChangeSubject>();
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const subjects = CHANGE_SUBJECTS.map((s) => ({ value: s, label: t(`audit.subjects.${s}`) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  return (
    <Card title={t('audit.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <FilterSelect
          label={t('audit.user')}
          value={usuario}
          onChange={setUsuario}
          loading={users.isPending}
          options={users.data?.map((u) => ({ value: u.UsuarioID, label: `${u.Nombre} (${u.Login})` }))}
        />
        <FilterSelect
          label={t('audit.factory')}
          value={fabrica}
          onChange={setFabrica}
          loading={factories.isPending}
          options={factories.data?.map((f) => ({ value: f.UsuFabricaID, label: f.Nombre }))}
        />
        <FilterSelect label={t('audit.kind')} value={subject} onChange={setSubject} options={subjects} />
        <DatePicker.RangePicker aria-label={t('audit.date')} format={DAY_FORMAT} value={dates} onChange={setDates} />
      </Space>
      <AuditTable
        source={ALL}
        filter={{
          usuario,
          fabrica,
          tipo: subject && kindsOf(subject),
          desde: dates?.[0]?.format('YYYY-MM-DD'),
          hasta: dates?.[1]?.format('YYYY-MM-DD'),
        }}
      />
    </Card>
  );
}
