import { primaryButton } from "~/components/ui/button-styles";

/**
 * docs/product/reading.md#informational-pages-and-404: the error fallback. `unavailable`: the server's message when it
 * could not serve the request for now (a 503, docs/decisions/0060).
 */
export function ErrorPage({ unavailable }: { unavailable?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl font-bold">
        {unavailable ?? "Something went wrong"}
      </h1>
      {unavailable ? null : (
        <p className="mt-2 text-slate-700">
          We could not show this page. Please try again in a moment.
        </p>
      )}
      <button
        type="button"
        className={`${primaryButton} mt-8`}
        onClick={() => window.location.reload()}
      >
        Refresh Page
      </button>
    </section>
  );
}
