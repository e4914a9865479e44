/** Class names shared by the back office's forms, so every page looks and behaves alike. */
export const adminLabelClass = "grid gap-1 text-sm font-bold text-stone-700";
export const adminButtonClass = "rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60";
export const adminSecondaryButtonClass = "rounded-xl px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50 disabled:opacity-60";
export const adminDangerButtonClass = "rounded-xl px-4 py-2 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60";
export const adminCardClass = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5";
