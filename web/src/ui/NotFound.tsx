import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page container narrow center">
      <p className="eyebrow">404</p>
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <Link className="btn btn-primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </main>
  );
}
