import { Section } from "~/components/admin/section.tsx";
import { adminCardClass } from "~/components/admin/styles.ts";
import { FormNotice } from "~/components/forms/field.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { licenceCountText, remainingLicencesText } from "../licence-count.ts";
import type { LicenceView } from "../licence-view.ts";
import { LICENCE_LIMITS, LICENCE_MESSAGES } from "../licences-schema.ts";
import { LicenceLinkForm, LicenceUploadForm } from "./licence-add-forms.tsx";
import { LicenceList } from "./licence-list.tsx";

/**
 * The manager's licences page: the licences in display order (reorder, edit a description,
 * delete) and the two ways to add one (upload an image, or an image link), with how many more
 * may be added; at 10 the forms are disabled and say why.
 */
export function LicencesAdmin({ licences, count }: { licences: LicenceView[]; count: number }) {
  const full = count >= LICENCE_LIMITS.max;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">التراخيص</h1>
          <p className="mt-1 text-stone-600" data-testid="licence-remaining">
            {licenceCountText(count)} من {formatNumberArabic(LICENCE_LIMITS.max)} · <strong className="text-brand-800">{remainingLicencesText(count)}</strong>
          </p>
        </div>
        <a href="/licenses" target="_blank" rel="noreferrer" className="font-bold text-brand-800 underline-offset-4 hover:underline">
          عرض صفحة التراخيص
          <span className="sr-only"> (تفتح في نافذة جديدة)</span>
        </a>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Section id="licence-list" title="ترتيب العرض">
          {licences.length ? (
            <>
              <p className="mb-3 text-sm text-stone-600">تظهر التراخيص في الموقع بهذا الترتيب. اسحب الترخيص من المقبض أو استخدم زرّي الأعلى والأسفل؛ يُحفظ الترتيب فورًا.</p>
              <LicenceList licences={licences} />
            </>
          ) : (
            <p className={`${adminCardClass} text-center text-stone-600`}>لا توجد تراخيص بعد. أضف أول ترخيص ليظهر في صفحة التراخيص.</p>
          )}
        </Section>
        <div className="grid gap-6">
          {full ? <FormNotice errors={[LICENCE_MESSAGES.limitReached]} /> : null}
          <Section id="licence-upload" title="إضافة ترخيص برفع صورة">
            <LicenceUploadForm full={full} />
          </Section>
          <Section id="licence-link" title="إضافة ترخيص برابط صورة">
            <LicenceLinkForm full={full} />
          </Section>
        </div>
      </div>
    </div>
  );
}
