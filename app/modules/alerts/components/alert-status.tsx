import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { CheckIcon, MailIcon } from "~/components/ui/icons.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { offersHref, type AlertSearch, type ConfirmationState, type UnsubscribeState } from "../alert-view.ts";

const linkClass = "font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900";
const buttonClass = "rounded-xl bg-brand-700 px-6 py-3 font-bold text-white shadow hover:bg-brand-800";

/** The card every alert page is: an icon, the title (the page's h1), and what to do next. */
function StatusCard({ title, done = false, children }: { title: string; done?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-xl gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8" data-testid="alert-status">
      {done ? <CheckIcon className="size-11 rounded-full bg-emerald-600 p-2 text-white" /> : <MailIcon className="size-11 rounded-full bg-brand-50 p-2 text-brand-700" />}
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      {children}
    </div>
  );
}

function Searches({ searches }: { searches: AlertSearch[] }) {
  return (
    <ul className="grid gap-2">
      {searches.map((search) => (
        <li key={search.query} className="rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200">
          <span className="text-sm text-stone-600">البحث: </span>
          <Link to={offersHref(search.query)} className="font-bold text-ink hover:text-brand-700 hover:underline">
            {search.description}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const p = "leading-8 text-stone-700";

/** /alerts/confirm/<token>: the button that turns the alert on, or what the link finds. */
export function ConfirmationPage({ state, done }: { state: ConfirmationState; done: boolean }) {
  switch (state.kind) {
    case "pending":
      return (
        <StatusCard title="تأكيد تنبيه العروض الجديدة">
          <p className={p}>اضغط «تأكيد التنبيه» لتصلك العروض الجديدة التي تطابق هذا البحث، في رسالة واحدة في اليوم على الأكثر:</p>
          <Searches searches={[state]} />
          <Form method="post">
            <button type="submit" className={buttonClass}>
              تأكيد التنبيه
            </button>
          </Form>
        </StatusCard>
      );
    case "confirmed":
      return (
        <StatusCard title={done ? "تم تأكيد التنبيه" : "هذا التنبيه مؤكَّد من قبل"} done>
          <p className={p}>ستصلك العروض الجديدة التي تطابق هذا البحث حين تُنشر، في رسالة واحدة في اليوم على الأكثر، وفي كل رسالة رابط لإلغاء التنبيه.</p>
          <Searches searches={[state]} />
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to={offersHref(state.query)} className={linkClass}>
              نتائج البحث الآن
            </Link>
            <Link to={`/alerts/unsubscribe/${state.unsubscribeToken}`} className={linkClass}>
              إلغاء التنبيه
            </Link>
          </p>
        </StatusCard>
      );
    case "expired":
      return (
        <StatusCard title="انتهت صلاحية رابط التأكيد">
          <p className={p}>يعمل رابط التأكيد {formatNumberArabic(48)} ساعة من إرساله. اطلب التنبيه من جديد وستصلك رسالة تأكيد جديدة؛ لن نرسل إليك أي عروض قبل تأكيده.</p>
          <Searches searches={[state]} />
          <Link to={`/alerts${state.query ? `?${state.query}` : ""}`} className={linkClass}>
            اطلب التنبيه من جديد
          </Link>
        </StatusCard>
      );
    case "unsubscribed":
      return (
        <StatusCard title="أُلغي هذا التنبيه">
          <p className={p}>لن تصلك رسائل عن هذا البحث. يمكنك طلب التنبيه من جديد متى شئت.</p>
          <Searches searches={[state]} />
          <Link to={`/alerts${state.query ? `?${state.query}` : ""}`} className={linkClass}>
            اطلب التنبيه من جديد
          </Link>
        </StatusCard>
      );
    default:
      return (
        <StatusCard title="رابط التأكيد غير صالح">
          <p className={p}>تأكد من فتح الرابط كاملًا كما وصلك في الرسالة، أو اطلب التنبيه من جديد من صفحة العروض.</p>
          <Link to="/offers" className={linkClass}>
            صفحة العروض
          </Link>
        </StatusCard>
      );
  }
}

/** /alerts/unsubscribe/<token>: the button that cancels (one alert, or every alert of the address), or that it is done. */
export function UnsubscribePage({ state, done }: { state: UnsubscribeState; done: boolean }) {
  if (state.kind === "invalid") {
    return (
      <StatusCard title="رابط الإلغاء غير صالح">
        <p className={p}>تأكد من فتح الرابط كاملًا كما وصلك في الرسالة.</p>
        <Link to="/offers" className={linkClass}>
          صفحة العروض
        </Link>
      </StatusCard>
    );
  }
  const all = state.scope === "address";
  if (state.active) {
    return (
      <StatusCard title={all ? "إلغاء كل تنبيهات البحث" : "إلغاء تنبيه البحث"}>
        <p className={p}>{all ? "لن تصلك بعد الإلغاء رسائل عن أيٍّ من هذه الأبحاث:" : "لن تصلك بعد الإلغاء رسائل عن هذا البحث:"}</p>
        <Searches searches={state.searches} />
        <Form method="post">
          <button type="submit" className={buttonClass}>
            {all ? "إلغاء كل التنبيهات" : "إلغاء التنبيه"}
          </button>
        </Form>
      </StatusCard>
    );
  }
  const again = state.searches.length === 1 ? state.searches[0]! : null;
  return (
    <StatusCard title={done ? (all ? "تم إلغاء كل التنبيهات" : "تم إلغاء التنبيه") : all ? "أُلغيت هذه التنبيهات من قبل" : "أُلغي هذا التنبيه من قبل"} done={done}>
      <p className={p}>{all ? "لن تصلك رسائل عن هذه الأبحاث:" : "لن تصلك رسائل عن هذا البحث:"}</p>
      <Searches searches={state.searches} />
      {again ? (
        <Link to={`/alerts${again.query ? `?${again.query}` : ""}`} className={linkClass}>
          اطلب التنبيه من جديد
        </Link>
      ) : null}
    </StatusCard>
  );
}
