import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFactory } from '../../app/factory';
import { AuditTable } from './AuditTable';

/** Opens the history of changes of a machine of the current factory: the audit log's list, limited to the machine. */
export function MachineHistoryButton({ machine, name }: { machine: number; name: string }) {
  const { t } = useTranslation();
  const factory = useFactory().factoryId ?? 0;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('audit.title')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('audit.machineTitle', { name })} size={960} destroyOnHidden>
        <AuditTable source={{ kind: 'machine', factory, machine }} />
      </Drawer>
    </>
  );
}
