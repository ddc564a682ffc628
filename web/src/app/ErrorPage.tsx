import { useLocation } from 'react-router';
import { ErrorResult } from './ErrorResult';

/**
 * /error: where pages send users who may not see them (AUTH-005). Without a reason it
 * explains the missing permission, which is what the route is for; `state.reason === 'error'`
 * shows a generic error instead.
 */
export default function ErrorPage() {
  const { state } = useLocation();
  return <ErrorResult reason={(state as { reason?: string } | null)?.reason === 'error' ? 'generic' : 'forbidden'} />;
}
