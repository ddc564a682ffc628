import { CatalogScreen } from '../catalog/CatalogScreen';
import { CRITERIA_KINDS } from './kinds';

/** The criteria screen (S2 §2.8, S3 §3): the factory's criteria and VCO/VCOVs and the templates. */
export default function CriteriaPage() {
  return <CatalogScreen kinds={CRITERIA_KINDS} texts="criteria" />;
}
