import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <div className="page-center not-found">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn--primary">Back to home</Link>
    </div>
  );
}
