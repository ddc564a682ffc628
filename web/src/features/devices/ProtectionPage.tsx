import { useTranslation } from 'react-i18next';
import { isHorizontal } from '../tree/model';
import { PROTECTION_MEASURES, protectionBody, protectionForm, type ProtectionValues } from './pointMems';
import { Section } from '../tree/editors/fields';
import { FlagMatrix } from '../tree/editors/FlagMatrix';
import { MemsSensorSection } from './MemsSensorSection';
import { NodeEditor } from '../tree/editors/NodeEditor';
import { useMounting } from '../tree/editors/useMounting';

/**
 * The point's protection tab (/editor/point/proteccion, TREE-005): MEMSProteccion, what the
 * KOS Sensor watches in each direction (vibration, magnetic field, position; TREE-099) and
 * the protection sensor. Saved with the point.
 */
export default function ProtectionPage() {
  const { t } = useTranslation();
  const horizontal = isHorizontal(useMounting());
  const columns = PROTECTION_MEASURES.map((m) => ({ key: m, label: t(`pointMems.protection.${m}`) }));
  return (
    <NodeEditor<'point', ProtectionValues> kind="point" toForm={protectionForm} toBody={protectionBody}>
      {({ node }) => (
        <>
          <Section title={t('pointMems.protection.section')} help={t('pointMems.protection.help')} />
          <FlagMatrix label={t('pointMems.protection.section')} horizontal={horizontal} columns={columns} field={(d, m) => `${m}_${d}`} />

          <MemsSensorSection point={node.UsuPuntoVibracionID} mode="protection" name="SensorProteccionGUID" />
        </>
      )}
    </NodeEditor>
  );
}
