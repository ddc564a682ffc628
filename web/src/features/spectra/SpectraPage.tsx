import { useTranslation } from 'react-i18next';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { DIGITAL_SPECTRUM, SPECTRUM_KINDS } from './kinds';

/**
 * The spectra screen (S2 §2.1): a create action per family (SPEC-001), the factory's spectra
 * and the templates in two columns (SPEC-002), a tree per family grouped by range (SPEC-003,
 * SPEC-004), each spectrum over its bands (SPEC-005); spectra and bands open their editors.
 */
export default function SpectraPage() {
  const { t } = useTranslation();
  return (
    <CatalogScreen
      kinds={SPECTRUM_KINDS}
      createEach={(kind) => (kind === DIGITAL_SPECTRUM ? t('spectra.create.digitalspectrum') : t('spectra.create.spectrum'))}
      texts="spectra"
    />
  );
}
