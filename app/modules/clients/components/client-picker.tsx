import type { ControlProps } from "~/components/forms/field.tsx";
import { RecordPicker } from "~/components/forms/record-picker.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import type { ClientChoice } from "../client-choice.ts";

/**
 * A client chosen by name, phone (typed any way) or number as one types (a viewing's client).
 * `url` is the form's own search (GET `?q=`, answered by searchClientChoices for who may use the form).
 */
export function ClientPicker(props: { control: ControlProps; form: { validate: (options: { name: string }) => void }; url: string; initial?: ClientChoice | null }) {
  return (
    <RecordPicker<ClientChoice>
      {...props}
      placeholder="ابحث باسم العميل أو رقم جواله"
      listLabel="العملاء المطابقون"
      noneText="لا يوجد عملاء مطابقون"
      failedText="تعذّر البحث عن العملاء، حاول مرة أخرى"
      detail={(client) => (client.phone ? <IdentifierText value={client.phone} /> : null)}
    />
  );
}
