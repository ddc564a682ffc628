import { useTranslation } from 'react-i18next';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { CRITERIA_KINDS } from './kinds';

/** The criteria screen (S2 §2.8, S3 §3): the factory's criteria and VCO/VCOVs and the templates. */
export default function CriteriaPage() {
  const { t } = useTranslation();
  return (
    <CatalogScreen
      kinds={CRITERIA_KINDS}
      texts={{
        title: t('criteria.title'),
        factoryColumn: t('criteria.factoryColumn'),
        templateColumn: t('criteria.templateColumn'),
        type: t('criteria.type'),
      }}
    />
  );
}
