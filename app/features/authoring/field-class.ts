export const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700";
