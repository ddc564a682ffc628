import { CatalogScreen } from '../catalog/CatalogScreen';
import { BAND_KINDS } from './kinds';

/** The bands screen (S2 §2.7, §3.1, §3.2): the factory's alert-device and digital bands and the templates. */
export default function BandsPage() {
  return <CatalogScreen kinds={BAND_KINDS} texts="bands" />;
}
