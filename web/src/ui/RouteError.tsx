import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';

/**
 * A page's code that could not be downloaded: offline, or a new version of the app was deployed
 * and the old page files are gone (the browser's Vite preload and dynamic import errors).
 */
export function isPageLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(message);
}

/**
 * What a page shows instead of crashing the app (the router's errorElement, inside the top bar
 * and footer): a page that could not be downloaded asks to load it again, which also fetches a
 * newly deployed version; any other failure says so, with a way home. The error goes to the
 * console for whoever looks.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notLoaded = isPageLoadFailure(error);
  console.error(error);
  return (
    <main id="main" className="page container narrow center">
      <h1>{notLoaded ? t('routeError.notLoadedTitle') : t('routeError.title')}</h1>
      <p className="lead">{notLoaded ? t('routeError.notLoadedText') : t('routeError.text')}</p>
      <div className="route-error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link className="btn btn-outline" to="/" reloadDocument>
          {t('notFound.backHome')}
        </Link>
      </div>
    </main>
  );
}
