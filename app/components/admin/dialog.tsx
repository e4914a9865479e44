import { useEffect, useId, useRef, type ReactNode } from "react";

const WIDTHS = { narrow: "w-[min(26rem,calc(100vw-2rem))]", wide: "w-[min(32rem,calc(100vw-2rem))]" } as const;

/**
 * The back office's modal: a native <dialog> shown while `open` (from its first render unless said
 * otherwise), so focus moves in and back; Escape asks `onClose` (the page decides). Named by its
 * `title` (a heading) or, without one, by the element `labelledBy` names.
 */
export function AdminDialog({
  title,
  labelledBy,
  describedBy,
  open = true,
  size = "wide",
  onClose,
  children,
}: {
  title?: ReactNode;
  labelledBy?: string;
  describedBy?: string;
  open?: boolean;
  size?: keyof typeof WIDTHS;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `${useId()}-title`;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={title ? titleId : labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto ${WIDTHS[size]} rounded-2xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50`}
    >
      {title ? (
        <h2 id={titleId} className="mb-1 text-lg font-bold text-brand-900">
          {title}
        </h2>
      ) : null}
      {children}
    </dialog>
  );
}
