import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { SENSORS, SENSOR_KINDS } from './kinds';

/** The sensor editors' option lists (Magnitud, Entrada, Power, TiempoMuestra). */
export const sensorOptionsQuery = {
  queryKey: keys.catalogOptions('sensor'),
  queryFn: async () => (await unwrap(api.GET('/api/sensor/enums'))) ?? {},
};

/** The sensors screen (SENS-001..SENS-006): the factory's sensors and the templates, by type. */
export default function SensorsPage() {
  return <CatalogScreen kinds={SENSOR_KINDS} initialKind={SENSORS.dynamic} options={sensorOptionsQuery} texts="sensors" />;
}
