import { CheckIcon, LinkIcon, MailIcon, WhatsappIcon, XLogoIcon } from "~/components/ui/icons.tsx";
import { MESSAGES } from "~/utils/messages.ts";
import { useCopiedFlag } from "~/utils/use-copied-flag.ts";
import { whatsappShareLink } from "~/components/ui/whatsapp-link.tsx";

const buttonClass = "flex items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm font-bold text-stone-700 shadow-sm ring-1 ring-stone-200 hover:bg-sand-100";

export function ShareBlock({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useCopiedFlag();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      window.alert(MESSAGES.copyFailed);
    }
  }

  const text = `${title}\n${url}`;
  return (
    <section aria-labelledby="share-title" className="rounded-2xl bg-sand-100 p-4">
      <h2 id="share-title" className="mb-3 font-bold text-ink">
        شارك هذا العقار
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void copy()} className={buttonClass}>
          {copied ? <CheckIcon className="size-5 text-emerald-600" /> : <LinkIcon className="size-5" />}
          <span aria-live="polite">{copied ? "تم نسخ الرابط" : "نسخ الرابط"}</span>
        </button>
        <a href={whatsappShareLink(text)} target="_blank" rel="noopener noreferrer" className={buttonClass}>
          <WhatsappIcon className="size-5 text-[#15803d]" />
          واتساب
        </a>
        <a
          href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass}
        >
          <XLogoIcon className="size-4" />
          إكس
        </a>
        <a href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}`} className={buttonClass}>
          <MailIcon className="size-5" />
          البريد الإلكتروني
        </a>
      </div>
    </section>
  );
}
