/** The footer frame; its link columns, contact line and social links come with the reading feature. */
export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-slate-700">
        <p>
          © {new Date().getFullYear()} {siteName}. Building products between the UK and India.
        </p>
      </div>
    </footer>
  );
}
