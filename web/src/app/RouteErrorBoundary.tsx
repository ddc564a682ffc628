import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Whether a page's code could not be loaded: the server is out of reach, or a new version
 * replaced the files this one asks for. Chromium, Firefox and Safari say so in their own words,
 * and Vite when a page's style sheet does not come.
 */
function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/**
 * Router error boundary: a page that throws while rendering, or whose code cannot be loaded,
 * shows this instead of a blank screen. It is in the main chunk, without antd, so that it shows
 * when no other chunk can be loaded: a page not loaded offers to try again (a reload, which
 * loads the code afresh), any other error to go back home.
 */
export default function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const unreachable = isLoadFailure(error);
  const reason = unreachable ? 'unreachable' : 'generic';
  return (
    <main className="vigia-error" role="alert">
      <h1>{t(`errorPage.${reason}Title`)}</h1>
      <p>{t(`errorPage.${reason}`)}</p>
      <button type="button" onClick={() => (unreachable ? window.location.reload() : window.location.assign('/'))}>
        {t(unreachable ? 'common.retry' : 'common.backHome')}
      </button>
    </main>
  );
}
