import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <main id="main" className="page container narrow center">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p className="lead">The page you are looking for doesn’t exist or has moved.</p>
      <Link className="btn btn-primary" to="/">
        Back to home
      </Link>
    </main>
  );
}
