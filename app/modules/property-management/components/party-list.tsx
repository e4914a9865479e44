import { Form, Link } from "react-router";
import { Pager } from "~/components/admin/pager.tsx";
import { adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import { OWNER_KIND_LABELS, type OwnerKind } from "../pm-schema.ts";

/** A party as its list shows it: `count` is what the list counts of it (an owner's properties, a tenant's leases). */
export interface PartyListRow {
  id: number;
  name: string;
  kind: OwnerKind;
  identityNumber: string;
  phone: string | null;
  count: number;
}

/**
 * The owners' and the tenants' list below their heading: the search by name, number or phone, how
 * many were found, the table (name linked to the party's page, kind, number, phone, count), the
 * empty answer and the pages. `path`: the list's address, its rows' pages are below it.
 */
export function PartyList({
  path,
  rows,
  total,
  page,
  pageCount,
  query,
  searchLabel,
  countText,
  countTestId,
  titles,
  empty,
  pagerLabel,
}: {
  path: string;
  rows: PartyListRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
  searchLabel: string;
  countText: (count: number) => string;
  countTestId: string;
  /** The columns that differ: the party, its phone, what is counted. */
  titles: { name: string; phone: string; count: string };
  /** When nothing matched a search (or a later page), and when there is nothing yet. */
  empty: { searched: string; none: string };
  pagerLabel: string;
}) {
  const href = (next: number) => `${path}?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(next) })}`;
  return (
    <>
      <Form method="get" role="search" className={`${adminCardClass} flex flex-wrap items-end gap-3`}>
        <label className="grid min-w-0 flex-1 gap-1 text-sm font-bold text-stone-700">
          {searchLabel}
          <input type="search" name="q" defaultValue={query} className={inputClass} />
        </label>
        <button type="submit" className={adminSecondaryButtonClass}>
          بحث
        </button>
      </Form>
      <p className="font-bold text-stone-700" data-testid={countTestId}>
        {countText(total)}
      </p>
      {rows.length ? (
        <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full min-w-[40rem] text-start">
            <thead className="bg-stone-50 text-sm text-stone-600">
              <tr>
                {[titles.name, "النوع", "رقم الهوية أو السجل", titles.phone, titles.count].map((title) => (
                  <th key={title} scope="col" className="p-3 text-start">
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((party) => (
                <tr key={party.id}>
                  <td className="p-3 font-bold">
                    <Link to={`${path}/${party.id}`} className="text-brand-800 underline-offset-4 hover:underline">
                      <bdi>{party.name}</bdi>
                    </Link>
                  </td>
                  <td className="p-3">{OWNER_KIND_LABELS[party.kind]}</td>
                  <td className="p-3">
                    <IdentifierText value={party.identityNumber} />
                  </td>
                  <td className="p-3">{party.phone ? <IdentifierText value={formatPhoneForReading(party.phone)} /> : null}</td>
                  <td className="p-3">{formatNumberArabic(party.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{query || page > 1 ? empty.searched : empty.none}</p>
      )}
      <Pager label={pagerLabel} page={page} pageCount={pageCount} href={href} />
    </>
  );
}
