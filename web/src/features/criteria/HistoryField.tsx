import { lazy, Suspense, useState } from 'react';
import { Button, ConfigProvider } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NAME, customValue, type CustomControlProps, type CustomField } from '../catalog/kind';
import { useSensorUnit } from './controls';
import { rowsOf, type ConditionRow } from './rules';

// The history and its chart load when first opened, not with every screen that knows VCOs.
const VcoHistoryModal = lazy(() => import('../history/VcoHistoryModal').then((m) => ({ default: m.VcoHistoryModal })));

/**
 * The 'Historial de cambios' action of a factory VCO/VCOV's editor (VCO-020, VCO-021): opens
 * its change history, with the name, conditions and sensor's unit the editor shows. Looking is no change,
 * so read-only users have it too (the editor's disabled fields do not disable it).
 */
function HistoryButton({ value, values, ctx, factoryId }: CustomControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = Number(value);
  const unit = useSensorUnit(values.Sensor, ctx, factoryId);
  return (
    <ConfigProvider componentDisabled={false}>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} disabled={!(id > 0)}>
        {t('vcoHistory.action')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <VcoHistoryModal
            vco={{ id, name: String(values[NAME] ?? ''), conditions: rowsOf<ConditionRow>(customValue(values, 'Condiciones')), unit }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </ConfigProvider>
  );
}

/**
 * The action as a field of the VCO/VCOV kind, so that it shows in the editor of a factory
 * item only (not on criteria, templates or a new item): it holds the item's id and sends
 * nothing.
 */
export const HISTORY: CustomField = {
  type: 'custom',
  name: 'Historial',
  label: () => '',
  control: HistoryButton,
  wide: true,
  visible: (_values, ctx) => ctx.mode === 'edit' && ctx.side === 'factory',
  read: (item) => item.UsuVco_vID,
  write: () => ({}),
};
