/** A WhatsApp chat link; the number in international form with or without '+' / '00'. */
export function whatsappLink(number: string, message: string): string {
  const digits = number.replace(/\D/g, "").replace(/^00/, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** Share a text through WhatsApp, letting the person pick the chat. */
export function whatsappShareLink(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
