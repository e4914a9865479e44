import { Form } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminButtonClass, adminDangerButtonClass } from "~/components/admin/styles.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatPhoneForReading } from "~/utils/phone.ts";
import { dayText } from "../portal-view.ts";

interface Props {
  ownerId: number;
  access: { phone: string | null; invitedAt: Date | string | null; mobiles: string[] };
  canEdit: boolean;
}

/** «بوابة المالك» on the owner's page (decision 056): whether the owner can sign in, on which mobile, and the invitation. */
export function PortalAccessSection({ ownerId, access, canEdit }: Props) {
  const action = `/admin/owners/${ownerId}/portal`;
  return (
    <Section id="owner-portal" title="بوابة المالك">
      {access.phone ? (
        <div className="grid gap-3">
          <p className="text-stone-800">
            يدخل المالك إلى البوابة بالجوال <IdentifierText value={formatPhoneForReading(access.phone)} className="whitespace-nowrap" />
            {access.invitedAt ? ` منذ ${dayText(access.invitedAt)}` : null}، ويرى فيها عقاراته وكشوف حسابه فقط.
          </p>
          {canEdit ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className={`justify-self-start ${adminDangerButtonClass}`}>
                إلغاء دخول المالك إلى البوابة
              </button>
            </Form>
          ) : null}
        </div>
      ) : !canEdit ? (
        <p className="text-stone-700">ليس للمالك حساب في البوابة.</p>
      ) : access.mobiles.length ? (
        <Form method="post" action={action} className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-bold text-stone-800">رقم الجوال الذي يصله رمز الدخول</legend>
            {access.mobiles.map((phone, index) => (
              <label key={phone} className="flex items-center gap-2">
                <input type="radio" name="phone" value={phone} defaultChecked={index === 0} className="size-4" />
                <IdentifierText value={formatPhoneForReading(phone)} />
              </label>
            ))}
          </fieldset>
          <input type="hidden" name="intent" value="invite" />
          <button type="submit" className={`justify-self-start ${adminButtonClass}`}>
            دعوة المالك إلى البوابة
          </button>
        </Form>
      ) : (
        <p className="text-stone-700">يرجى إضافة رقم جوال للمالك في بياناته أولًا؛ يصله عليه رمز الدخول إلى البوابة.</p>
      )}
    </Section>
  );
}
