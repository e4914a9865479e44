import type { ReactNode } from "react";

/** A WhatsApp chat link; the number in international form with or without '+' / '00'. */
export function whatsappLink(number: string, message: string): string {
  const digits = number.replace(/\D/g, "").replace(/^00/, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** Share a text through WhatsApp, letting the person pick the chat. */
export function whatsappShareLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** A link that opens a WhatsApp chat with `number` in a new tab, `message` already written in. */
export function WhatsappLink({ number, message, className, children }: { number: string; message: string; className: string; children: ReactNode }) {
  return (
    <a href={whatsappLink(number, message)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
