import { useEffect, useState } from "react";

export const COPIED_MS = 2000;

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: "Reddit", href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    { label: "E-mail", href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** Share control (docs/product/reading.md#post-page): five share links and copy link, with Copied! for 2 seconds. */
export function ShareControl({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">Share:</span>
      <ul className="flex flex-wrap gap-2">
        {shareLinks(url, title).map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              target={link.href.startsWith("mailto:") ? undefined : "_blank"}
              rel="noopener noreferrer"
              className="inline-block rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:border-brand-700"
            >
              {link.label}
              <span className="sr-only"> (share this post)</span>
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
            className="rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:border-brand-700"
          >
            Copy link
          </button>
        </li>
      </ul>
      <span role="status" className="text-brand-700">
        {copied ? "Copied!" : ""}
      </span>
    </div>
  );
}
