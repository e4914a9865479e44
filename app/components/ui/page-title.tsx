/** A public page's title; with `rule`, the short gold rule under it, at the start or centred. */
export function PageTitle({ title, rule }: { title: string; rule?: "start" | "center" }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{title}</h1>
      {rule ? <span aria-hidden className={`${rule === "center" ? "mx-auto " : ""}mt-3 block h-1 w-16 rounded-full bg-gold-500`} /> : null}
    </>
  );
}
