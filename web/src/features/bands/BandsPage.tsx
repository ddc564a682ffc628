import { useTranslation } from 'react-i18next';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { BAND_KINDS } from './kinds';

/** The bands screen (S2 §2.7, §3.1, §3.2): the factory's alert-device and digital bands and the templates. */
export default function BandsPage() {
  const { t } = useTranslation();
  return (
    <CatalogScreen
      kinds={BAND_KINDS}
      texts={{
        title: t('bands.title'),
        factoryColumn: t('bands.factoryColumn'),
        templateColumn: t('bands.templateColumn'),
        type: t('bands.type'),
      }}
    />
  );
}
