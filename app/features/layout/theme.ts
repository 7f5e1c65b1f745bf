/**
 * The reader's colour theme (decision 0114): "system" follows
 * prefers-color-scheme, "light" and "dark" are fixed. The choice lives in
 * localStorage only, so the server's HTML (shared by the page cache) never
 * depends on it; THEME_SCRIPT, inline in <head>, sets data-theme on <html>
 * before the first paint. On a cache hit the CSP allows it by its hash.
 */
export type ThemeChoice = "system" | "light" | "dark";

export const THEME_KEY = "theme";

/** Kept tiny and constant: its SHA-256 is what a cached page's CSP names. */
export const THEME_SCRIPT =
  '(function(){var t;try{t=localStorage.getItem("theme")}catch(e){}' +
  'if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'document.documentElement.setAttribute("data-theme",t);' +
  // The promotion bar the reader hid (docs/decisions/0269): hidden before the first paint too.
  'try{var h=document.documentElement,k=h.getAttribute("data-promo-key");' +
  'if(k&&localStorage.getItem("promo-dismissed")===k)h.setAttribute("data-promo-dismissed","")' +
  "}catch(e){}})()";

/** Where the key of the promotion bar the reader hid is kept (docs/decisions/0269). */
export const PROMO_DISMISSED_KEY = "promo-dismissed";

export function readThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/** The theme a choice resolves to now. */
export function resolveTheme(choice: ThemeChoice): "light" | "dark" {
  if (choice !== "system") return choice;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Remembers the choice and applies it at once. */
export function applyThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  document.documentElement.setAttribute("data-theme", resolveTheme(choice));
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

/**
 * For useSyncExternalStore: a choice made here, or in another tab (the
 * storage event, which also applies it to this tab).
 */
export function subscribeThemeChoice(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    document.documentElement.setAttribute("data-theme", resolveTheme(readThemeChoice()));
    listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
