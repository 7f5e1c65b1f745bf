import { useEffect, useSyncExternalStore } from "react";
import { DropdownMenu } from "~/components/ui/dropdown-menu";
import { useHydrated } from "~/lib/use-hydrated";
import { MonitorIcon, MoonIcon, SunIcon } from "./icons";
import {
  applyThemeChoice,
  readThemeChoice,
  resolveTheme,
  subscribeThemeChoice,
  type ThemeChoice,
} from "./theme";

const CHOICES = [
  { value: "system", label: "System", Icon: MonitorIcon },
  { value: "light", label: "Light", Icon: SunIcon },
  { value: "dark", label: "Dark", Icon: MoonIcon },
] as const;

/**
 * The stored choice: unknown (null) on the server and before hydration, so the
 * shared HTML marks no choice as pressed (the page cache refuses pages with
 * saved state, aria-pressed="true"); then localStorage's, following other tabs; on "system" an OS
 * change applies at once.
 */
function useThemeChoice(): ThemeChoice | null {
  const choice = useSyncExternalStore<ThemeChoice | null>(
    subscribeThemeChoice,
    readThemeChoice,
    () => null,
  );
  useEffect(() => {
    if (choice !== "system") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const follow = () =>
      document.documentElement.setAttribute("data-theme", resolveTheme("system"));
    // An OS change between the <head> script and this effect had no listener: catch up first.
    follow();
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [choice]);
  return choice;
}

/** The three choices as pressed/unpressed buttons (the phone's side menu). */
export function ThemeOptions() {
  const choice = useThemeChoice();
  return (
    <ul aria-label="Theme" className="mt-2 flex gap-1">
      {CHOICES.map(({ value, label, Icon }) => (
        <li key={value}>
          <button
            type="button"
            aria-pressed={choice === value}
            onClick={() => applyThemeChoice(value)}
            className="inline-flex items-center gap-2 rounded border border-slate-300 px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 aria-pressed:border-brand-700 aria-pressed:font-semibold"
          >
            <Icon className="h-4 w-4" />
            {label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's theme menu (system / light / dark), the kit's disclosure menu.
 * The server renders "system" (its HTML is shared); the stored choice is read
 * after hydration (useSyncExternalStore's server snapshot), and follows a
 * choice made in another tab. With "system", a change of the OS setting applies at once.
 */
export function ThemeToggle() {
  const choice = useThemeChoice();
  // The choices work only with JavaScript: drawn once hydrated, not sent in every page's HTML.
  const hydrated = useHydrated();

  const current = CHOICES.find((c) => c.value === choice);
  const Current = current?.Icon ?? MonitorIcon;
  return (
    <DropdownMenu
      trigger={<Current className="h-5 w-5" />}
      triggerLabel={current ? `Theme: ${current.label}` : "Theme"}
      triggerClassName="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-brand-700"
      panelClassName="absolute right-0 z-40 mt-2 w-40 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
    >
      {(close) =>
        hydrated ? (
          <ul aria-label="Theme">
            {CHOICES.map(({ value, label, Icon }) => (
              <li key={value}>
                <button
                  type="button"
                  aria-pressed={choice === value}
                  onClick={() => {
                    applyThemeChoice(value);
                    close();
                  }}
                  className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50 aria-pressed:font-semibold"
                >
                  <Icon className="h-4 w-4" />
                  {label}
                </button>
              </li>
            ))}
          </ul>
        ) : null
      }
    </DropdownMenu>
  );
}
