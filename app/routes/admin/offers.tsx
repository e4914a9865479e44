import { useEffect, useState } from "react";
import { data, Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { imageUrl } from "~/modules/images/image-ref.ts";
import { StatusBadge } from "~/modules/offers/components/status-badge.tsx";
import { useLiveOffers } from "~/modules/offers/components/use-live-offers.ts";
import { deleteOffer, listAdminOffers, type AdminOfferRow } from "~/modules/offers/offer-admin.server.ts";
import { OFFER_FORM_MESSAGES } from "~/modules/offers/offer-form.ts";
import { formatPriceArabic } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offers";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSectionUser(context, "offers");
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  return listAdminOffers(context.get(servicesContext).db, page);
}

type DeleteResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireSectionUser(context, "offers");
  const { db, env } = context.get(servicesContext);
  const read = await readForm(request, context);
  if (!read.ok) return data<DeleteResult>({ ok: false, error: read.message }, { status: read.status });
  const form = read.form;
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isSafeInteger(id) || id <= 0) {
    return data<DeleteResult>({ ok: false, error: "طلب غير صالح" }, { status: 400 });
  }
  const deleted = await deleteOffer(db, env.DATA_DIR, id);
  if (!deleted) return data<DeleteResult>({ ok: false, error: "هذا العرض غير موجود، ربما حُذف من قبل." }, { status: 404 });
  log.info("offer deleted", { offerId: id, userId: user.id });
  return data<DeleteResult>({ ok: true, message: OFFER_FORM_MESSAGES.deleted });
}

const SAVED_MESSAGES = { added: OFFER_FORM_MESSAGES.added, updated: OFFER_FORM_MESSAGES.updated } as const;

/** After a save the form comes back here with ?saved=…: the message shows for 3 s (SPEC.md §9). */
function SavedNotice() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const saved = params.get("saved") as keyof typeof SAVED_MESSAGES | null;
  const text = saved ? SAVED_MESSAGES[saved] : undefined;
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => void navigate("/admin/offers", { replace: true, preventScrollReset: true }), 3000);
    return () => clearTimeout(timer);
  }, [text, navigate]);
  return text ? <Notice tone="success">{text}</Notice> : null;
}

function Thumbnail({ offer }: { offer: AdminOfferRow }) {
  return offer.thumbnail ? (
    <img src={imageUrl(offer.thumbnail, 400)} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-24 shrink-0 rounded-lg object-cover" style={{ backgroundColor: offer.thumbnail.colour }} />
  ) : (
    <span className="h-[72px] w-24 shrink-0 rounded-lg bg-stone-200" />
  );
}

function Actions({ offer, onDelete }: { offer: AdminOfferRow; onDelete: (offer: AdminOfferRow) => void }) {
  return (
    <div className="flex gap-2">
      <Link to={`/admin/offers/edit/${offer.id}`} className="rounded-lg px-3 py-1.5 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50" aria-label={`تعديل ${offer.title}`}>
        تعديل
      </Link>
      <button type="button" onClick={() => onDelete(offer)} className="rounded-lg px-3 py-1.5 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50" aria-label={`حذف ${offer.title}`}>
        حذف
      </button>
    </div>
  );
}

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  useLiveOffers();
  const remove = useFetcher<DeleteResult>();
  const [deleting, setDeleting] = useState<AdminOfferRow | null>(null);
  const [answer, setAnswer] = useState<DeleteResult | null>(null);
  useEffect(() => {
    if (remove.state !== "idle" || !remove.data) return;
    setAnswer(remove.data);
    const timer = setTimeout(() => setAnswer(null), 3000);
    return () => clearTimeout(timer);
  }, [remove.state, remove.data]);

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">العروض</h1>
        <Link to="/admin/offers/new" className={adminButtonClass}>
          إضافة عرض جديد
        </Link>
      </div>
      <SavedNotice />
      {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.ok ? answer.message : answer.error}</Notice> : null}

      {rows.length === 0 ? (
        <p className={`${adminCardClass} text-center text-stone-600`}>لا توجد عروض حالياً. أضف أول عرض ليظهر للزوار.</p>
      ) : (
        <>
          {/* Phone: one card per offer. */}
          <ul className="grid gap-3 md:hidden" aria-label="قائمة العروض">
            {rows.map((offer) => (
              <li key={offer.id} className={`${adminCardClass} flex gap-3`} data-testid="admin-offer">
                <Thumbnail offer={offer} />
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="truncate font-bold">
                    <bdi>{offer.title}</bdi>
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                    <StatusBadge status={offer.status} admin />
                    {offer.city}
                  </p>
                  <p className="font-bold text-brand-800">{formatPriceArabic(offer.price)}</p>
                  <Actions offer={offer} onDelete={setDeleting} />
                </div>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 md:block">
            <table className="w-full text-start">
              <thead className="bg-stone-50 text-sm text-stone-600">
                <tr>
                  <th scope="col" className="p-3 text-start">
                    <span className="sr-only">الصورة</span>
                  </th>
                  <th scope="col" className="p-3 text-start">العنوان</th>
                  <th scope="col" className="p-3 text-start">الحالة</th>
                  <th scope="col" className="p-3 text-start">المدينة</th>
                  <th scope="col" className="p-3 text-start">السعر</th>
                  <th scope="col" className="p-3 text-start">الإجراءات</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {rows.map((offer) => (
                  <tr key={offer.id} data-testid="admin-offer-row">
                    <td className="p-3">
                      <Thumbnail offer={offer} />
                    </td>
                    <td className="p-3 font-bold">
                      <Link to={`/offer/${offer.id}`} className="hover:underline">
                        <bdi>{offer.title}</bdi>
                      </Link>
                    </td>
                    <td className="p-3">
                      <StatusBadge status={offer.status} admin />
                    </td>
                    <td className="p-3">{offer.city}</td>
                    <td className="p-3 whitespace-nowrap">{formatPriceArabic(offer.price)}</td>
                    <td className="p-3">
                      <Actions offer={offer} onDelete={setDeleting} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pageCount > 1 ? (
            <nav aria-label="صفحات العروض" className="flex items-center justify-center gap-3">
              {page > 1 ? <Link to={`?page=${page - 1}`} className="font-bold text-brand-800">السابق</Link> : null}
              <span className="text-stone-600">
                صفحة {page} من {pageCount} ({total} عرض)
              </span>
              {page < pageCount ? <Link to={`?page=${page + 1}`} className="font-bold text-brand-800">التالي</Link> : null}
            </nav>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={OFFER_FORM_MESSAGES.deleteConfirm}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.submit({ intent: "delete", id: String(deleting.id) }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}
