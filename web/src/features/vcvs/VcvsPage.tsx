import { useTranslation } from 'react-i18next';
import { useFactory } from '../../app/factory';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { DIGITAL_VCV, VCP, VCV_KINDS, vcvOptions } from './kinds';

/**
 * The VCVs and VCPs screen (S2 §2.3, §2.5): a create action per kind (VCV-006, VCP-002), the
 * factory's items and the templates in two columns (VCV-007, VCP-003), a tree per kind: VCVs by
 * their band's frequency type and range, digital VCVs also by component type, VCPs by type.
 * The digital VCVs' component subtypes are the tree's (the component editor's enums).
 */
export default function VcvsPage() {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  return (
    <CatalogScreen
      kinds={VCV_KINDS}
      createEach={(kind) => t(kind === DIGITAL_VCV ? 'vcvs.create.digitalvcv' : kind === VCP ? 'vcvs.create.vcp' : 'vcvs.create.vcv')}
      options={vcvOptions(factoryId)}
      texts="vcvs"
    />
  );
}
