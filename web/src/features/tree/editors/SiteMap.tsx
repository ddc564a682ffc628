import { useEffect } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '../../../lib/decimal';

/** A Madrid-area point: the map's default centre (TREE-020). */
export const DEFAULT_CENTRE: LatLng = { lat: 40.4168, lng: -3.7038 };
/** The map's default zoom, used on a site's position (TREE-020), and the zoom of a site without one (TREE-021). */
export const ZOOM_SITE = 13;
export const ZOOM_NO_GPS = 5;

/** Where the map opens: on the site's position, else on the default centre zoomed out. */
export function initialView(position: LatLng | null): { centre: LatLng; zoom: number } {
  return position ? { centre: position, zoom: ZOOM_SITE } : { centre: DEFAULT_CENTRE, zoom: ZOOM_NO_GPS };
}

// Leaflet looks for its marker images next to its CSS; with a bundler they are imported.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

function ClickToPlace({ disabled, onPick }: { disabled?: boolean; onPick: (p: LatLng) => void }) {
  useMapEvents({
    click(e) {
      if (!disabled) onPick({ lat: e.latlng.lat, lng: e.latlng.lng });
    },
  });
  return null;
}

/** Keeps a position typed in the fields in view. */
function FollowMarker({ position }: { position: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().contains([position.lat, position.lng])) {
      map.setView([position.lat, position.lng], Math.max(map.getZoom(), ZOOM_SITE));
    }
  }, [map, position]);
  return null;
}

/**
 * The site's map: a click places the marker (TREE-019) and reports the position. Tiles come
 * from the server's setting; without a connection the map stays grey but clicks still work.
 */
export default function SiteMap({
  position,
  tileUrl,
  disabled,
  label,
  onPick,
}: {
  position: LatLng | null;
  tileUrl: string | undefined;
  disabled?: boolean;
  label: string;
  onPick: (p: LatLng) => void;
}) {
  const { centre, zoom } = initialView(position);
  return (
    <div role="region" aria-label={label} data-testid="site-map" style={{ height: 320, borderRadius: 6, overflow: 'hidden' }}>
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={zoom}
        style={{ height: '100%', width: '100%', cursor: disabled ? 'default' : 'crosshair' }}
        scrollWheelZoom={false}
      >
        {tileUrl && (
          <TileLayer url={tileUrl} attribution={tileUrl.includes('openstreetmap') ? '&copy; OpenStreetMap' : undefined} />
        )}
        {position && <Marker position={[position.lat, position.lng]} icon={icon} />}
        <ClickToPlace disabled={disabled} onPick={onPick} />
        <FollowMarker position={position} />
      </MapContainer>
    </div>
  );
}
