import type { ControlProps } from "~/components/forms/field.tsx";
import { RecordPicker } from "~/components/forms/record-picker.tsx";
import type { OfferChoice } from "../offer-choice.ts";

/**
 * An offer chosen by title or number as one types (the task's related offer, a viewing's offer).
 * `url` is the form's own search (GET `?q=`, answered by searchOfferChoices for who may use the form).
 */
export function OfferPicker(props: { control: ControlProps; form: { validate: (options: { name: string }) => void }; url: string; initial?: OfferChoice | null }) {
  return (
    <RecordPicker<OfferChoice>
      {...props}
      placeholder="ابحث بعنوان العرض أو رقمه"
      listLabel="العروض المطابقة"
      noneText="لا توجد عروض مطابقة"
      failedText="تعذّر البحث عن العروض، حاول مرة أخرى"
      detail={(offer) => (offer.city ? <bdi>{[offer.location, offer.city].filter(Boolean).join("، ")}</bdi> : null)}
    />
  );
}
