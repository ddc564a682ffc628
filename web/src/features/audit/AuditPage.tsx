import { useState } from 'react';
import { Card, DatePicker, Input, Select, Space, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { factoriesQuery, usersQuery } from '../admin/api';
import { AuditTable } from './AuditTable';

const ALL = { kind: 'all' } as const;

/** A clearable, searchable filter of the log, named by its placeholder. */
function FilterSelect({ label, ...props }: SelectProps<number> & { label: string }) {
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={label} aria-label={label} style={{ width: 200 }} {...props} />;
}

/** The administration's log of configuration changes, by user, factory, kind and dates. */
export default function AuditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('audit.title'));
  const users = useQuery(usersQuery);
  const factories = useQuery(factoriesQuery);
  const [usuario, setUsuario] = useState<number>();
  const [fabrica, setFabrica] = useState<number>();
  const [tipo, setTipo] = useState('');
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const kind = useDebouncedValue(tipo.trim(), 300);

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
        <Input allowClear placeholder={t('audit.kindPlaceholder')} aria-label={t('audit.kind')} style={{ width: 200 }} value={tipo} onChange={(e) => setTipo(e.target.value)} />
        <DatePicker.RangePicker aria-label={t('audit.date')} value={dates} onChange={setDates} />
      </Space>
      <AuditTable
        source={ALL}
        filter={{
          usuario,
          fabrica,
          tipo: kind || undefined,
          desde: dates?.[0]?.format('YYYY-MM-DD'),
          hasta: dates?.[1]?.format('YYYY-MM-DD'),
        }}
      />
    </Card>
  );
}
