import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Tabs } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { AdminTreeDrawer } from './AdminTreeDrawer';
import { EquipmentTab } from './EquipmentTab';
import { EQUIPMENT_KINDS } from './kinds';

/**
 * 'Equipos' (ADMIN; the route is guarded by RequireAdmin): the device registry, a tab per kind,
 * and the admin tree the devices are assigned to. The tab is kept in the URL (?kind=) so that a
 * reload or a shared link opens it.
 */
export default function EquipmentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [treeOpen, setTreeOpen] = useState(false);
  const active = EQUIPMENT_KINDS.find((k) => k.key === params.get('kind')) ?? EQUIPMENT_KINDS[0];
  useDocumentTitle(t('equipment.title'));

  return (
    <Card
      title={t('equipment.title')}
      extra={
        <Button icon={<ApartmentOutlined />} onClick={() => setTreeOpen(true)}>
          {t('equipment.tree.open')}
        </Button>
      }
    >
      <Tabs
        activeKey={active.key}
        onChange={(key) => setParams({ kind: key }, { replace: true })}
        destroyOnHidden
        items={EQUIPMENT_KINDS.map((kind) => ({
          key: kind.key,
          label: t(`equipment.kinds.${kind.key}`),
          children: <EquipmentTab kind={kind} />,
        }))}
      />
      {treeOpen && <AdminTreeDrawer onClose={() => setTreeOpen(false)} />}
    </Card>
  );
}
