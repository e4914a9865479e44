import type { ReactNode } from "react";
import { AdminDialog } from "./dialog.tsx";
import { adminDangerButtonClass, adminSecondaryButtonClass } from "./styles.ts";

/**
 * A modal question before something that cannot be undone (deleting an offer or a unit). A native
 * <dialog>: focus moves in and back, Escape cancels, and the text is ours, in Arabic.
 */
export function ConfirmDialog({
  open,
  message,
  subject,
  confirmLabel = "حذف",
  cancelLabel = "إلغاء",
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  message: string;
  /** What the question acts on (an offer's title, a licence's description), shown under it: SPEC
   * gives the question with «هذا العرض», COPY.md asks that the thing be named (decision 029). */
  subject?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Rendered inside, e.g. a form whose submit button confirms. */
  children?: ReactNode;
}) {
  return (
    <AdminDialog open={open} onClose={onCancel} labelledBy="confirm-dialog-message" describedBy={subject ? "confirm-dialog-subject" : undefined} size="narrow">
      <p id="confirm-dialog-message" className={`${subject ? "mb-2" : "mb-5"} text-lg leading-8 font-bold text-stone-900`}>
        {message}
      </p>
      {subject ? (
        <p id="confirm-dialog-subject" className="mb-5 rounded-lg bg-stone-100 px-3 py-2 leading-7 text-stone-800">
          «<bdi>{subject}</bdi>»
        </p>
      ) : null}
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={adminSecondaryButtonClass} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`${adminDangerButtonClass} bg-red-600 text-white hover:bg-red-700`} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
