/**
 * The cookie consent bar (docs/product/privacy.md#cookie-consent): Essential Only and Accept All; the
 * page reloads after a choice so that the server writes (or leaves out) the
 * tracking scripts. A plain form to POST /api/consent, so it works before or
 * without JavaScript; with it, the choice is also kept in localStorage as
 * the spec stores it (given, timestamp, preferences, geoLocation, and a
 * random session id).
 */
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_S,
  CONSENT_SESSION_KEY,
  CONSENT_STORAGE_KEY,
  preferencesFor,
  type ConsentChoice,
} from "./consent";

/** The random id kept in the browser with the choice (docs/product/README.md#data-model). */
function sessionId(): string {
  try {
    const kept = localStorage.getItem(CONSENT_SESSION_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,100}$/.test(kept)) return kept;
    const fresh = crypto.randomUUID().replace(/-/g, "");
    localStorage.setItem(CONSENT_SESSION_KEY, fresh);
    return fresh;
  } catch {
    return crypto.randomUUID().replace(/-/g, "");
  }
}

function remember(choice: ConsentChoice, countryCode: string) {
  try {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        given: true,
        timestamp: new Date().toISOString(),
        preferences: preferencesFor(choice),
        geoLocation: countryCode,
      }),
    );
  } catch {
    // Storage off (private mode): the cookie still carries the choice.
  }
}

export function ConsentBar({ message, countryCode }: { message: string; countryCode: string }) {
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const choice = submitter?.value;
    if (choice !== "essential" && choice !== "all") return;
    event.preventDefault();
    setBusy(true);
    remember(choice, countryCode);
    try {
      await fetch("/api/consent", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ choice, sessionId: sessionId() }),
      });
    } catch {
      // Offline: the choice still holds in this browser.
    }
    // The server sets it too; this covers a failed request.
    document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_S}; SameSite=Lax`;
    window.location.reload();
  }

  return (
    <section
      aria-label="Cookie consent"
      className="sticky bottom-0 z-40 border-t border-slate-300 bg-white px-4 py-4 shadow-lg"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-800">
          {message}{" "}
          <Link to="/cookie-policy" className="text-brand-700 underline">
            Cookie Policy
          </Link>
        </p>
        <form
          method="post"
          action="/api/consent"
          onSubmit={(e) => void onSubmit(e)}
          className="flex shrink-0 gap-2"
        >
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button
            type="submit"
            name="choice"
            value="essential"
            disabled={busy}
            className={secondaryButton}
          >
            Essential Only
          </button>
          <button type="submit" name="choice" value="all" disabled={busy} className={primaryButton}>
            Accept All
          </button>
        </form>
      </div>
    </section>
  );
}

/** /cookie-policy: forgets the choice, so the bar asks again (a plain form without JavaScript). */
export function ResetConsentButton() {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      localStorage.removeItem(CONSENT_STORAGE_KEY);
    } catch {
      // nothing kept
    }
    void fetch("/api/consent", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ choice: "reset" }),
    })
      .catch(() => undefined)
      .finally(() => {
        document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
        window.location.reload();
      });
  }
  return (
    <form method="post" action="/api/consent" onSubmit={onSubmit} className="mt-8">
      <input type="hidden" name="choice" value="reset" />
      <input type="hidden" name="returnTo" value="/cookie-policy" />
      <button type="submit" className={secondaryButton}>
        Reset cookie preferences
      </button>
    </form>
  );
}
