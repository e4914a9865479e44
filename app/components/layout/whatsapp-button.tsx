import { WhatsappIcon } from "~/components/ui/icons.tsx";
import { WhatsappLink } from "~/components/ui/whatsapp-link.tsx";

/** The floating chat button; `message` is the page's own opening line (an offer page names the offer), a general one otherwise. */
export function WhatsappButton({ number, message = "السلام عليكم، أرغب في الاستفسار عن خدماتكم العقارية." }: { number: string; message?: string }) {
  if (!number) return null;
  return (
    <WhatsappLink
      number={number}
      message={message}
      className="wa-float fixed end-5 bottom-[calc(1.25rem+env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-[#1f9d55] text-white shadow-lg ring-4 ring-white/60 transition hover:scale-105"
    >
      <WhatsappIcon className="size-8" />
      <span className="sr-only">تواصل معنا عبر واتساب</span>
    </WhatsappLink>
  );
}
