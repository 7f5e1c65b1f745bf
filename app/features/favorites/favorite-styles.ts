// One width for both states ("Saved" is shorter): on the members' shared page the state arrives
// after the page (decision 0154), and flipping it moves nothing.
export const favoriteBase =
  "inline-flex min-w-40 items-center justify-center gap-1 rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";

/** The toggle's look when not saved: the visitor's link and the member's button share it. */
export const favoriteIdle = `${favoriteBase} border-slate-300 text-slate-800 hover:border-brand-700`;
