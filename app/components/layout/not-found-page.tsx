import { Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";

/** docs/product/reading.md#home: 404 Page Not Found with Go Home, Search and Go back. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        404 Page Not Found
      </h1>
      <p className="mt-2 text-slate-700">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={primaryButton}>
          Go Home
        </Link>
        <Link to="/search" className={secondaryButton}>
          Search
        </Link>
        <button type="button" className={secondaryButton} onClick={() => window.history.back()}>
          Go back
        </button>
      </div>
    </section>
  );
}
