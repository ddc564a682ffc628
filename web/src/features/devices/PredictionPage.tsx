import { useTranslation } from 'react-i18next';
import type { DigitalSpectrum } from '../../api/types';
import { useFactoryItems } from '../catalog/api';
import { DIGITAL_SPECTRUM } from '../spectra/kinds';
import { isHorizontal } from '../tree/model';
import { DIGITAL_SPECTRUM_SLOTS, predictionBody, predictionForm, type PredictionValues } from './pointMems';
import { Section } from '../tree/editors/fields';
import { FlagMatrix, predictionRangeColumns } from '../tree/editors/FlagMatrix';
import { MemsSensorSection } from './MemsSensorSection';
import { NodeEditor } from '../tree/editors/NodeEditor';
import { useMounting } from '../tree/editors/useMounting';
import { SpectrumSelects } from '../tree/editors/SpectrumSelects';

/**
 * The point's prediction tab (/editor/point/prediction, TREE-005): MEMSPrediccion, the twelve
 * measurement flags (TREE-096), a digital spectrum per range from the factory's digital
 * spectra of that range (TREE-100, TREE-109) and the prediction sensor. Saved with the point.
 */
export default function PredictionPage() {
  const { t } = useTranslation();
  const horizontal = isHorizontal(useMounting());
  const spectra = useFactoryItems<DigitalSpectrum>(DIGITAL_SPECTRUM);
  return (
    <NodeEditor<'point', PredictionValues> kind="point" toForm={predictionForm} toBody={predictionBody}>
      {({ node }) => (
        <>
          <Section title={t('tree.sections.measurements')} help={t('pointMems.prediction.help')} />
          <FlagMatrix
            label={t('tree.sections.measurements')}
            horizontal={horizontal}
            columns={predictionRangeColumns(t)}
            field={(d, r) => `Medida_${d}_${r}`}
          />

          <Section title={t('pointMems.prediction.spectra')} />
          <SpectrumSelects
            slots={DIGITAL_SPECTRUM_SLOTS}
            label={(range) => t('pointMems.prediction.spectrum', { range: t(`common.rangeCodes.${range}`) })}
            spectra={spectra}
            option={(s) => ({ value: s.UsuEspectroDigitalID, label: s.Nombre })}
          />

          <MemsSensorSection point={node.UsuPuntoVibracionID} mode="prediction" name="SensorPrediccionGUID" />
        </>
      )}
    </NodeEditor>
  );
}
