import type { ReactNode } from "react";
import { whatsappLink } from "~/utils/whatsapp.ts";

/** A link that opens a WhatsApp chat with `number` in a new tab, `message` already written in. */
export function WhatsappLink({ number, message, className, children }: { number: string; message: string; className: string; children: ReactNode }) {
  return (
    <a href={whatsappLink(number, message)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
