import { Navigate, Outlet } from 'react-router';
import { useMe } from '../../../app/auth';
import { usePublishSideBarRoutes } from '../../tree/sideBarRoutes';
import { MEMS_SIDEBAR_ROUTES, mayUseMems } from './section';

function Section() {
  usePublishSideBarRoutes(MEMS_SIDEBAR_ROUTES);
  return <Outlet />;
}

/**
 * The MEMS section wrapper (TREE-010): holds the section's screen of the URL, for ADMIN and
 * U_EDITOR only (AUTH-004; others go to /error, AUTH-005), and while shown gives the side-bar
 * the section's routes (TREE-011).
 */
export function MemsSection() {
  const me = useMe();
  if (!mayUseMems(me.Tipos)) return <Navigate to="/error" replace state={{ reason: 'forbidden' }} />;
  return <Section />;
}
