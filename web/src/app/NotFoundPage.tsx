import { ErrorResult } from './ErrorResult';

/** Any route the application does not know. */
export default function NotFoundPage() {
  return <ErrorResult reason="notFound" />;
}
