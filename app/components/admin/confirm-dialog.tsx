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
  confirmLabel = "حذف",
  cancelLabel = "إلغاء",
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Rendered inside, e.g. a form whose submit button confirms. */
  children?: ReactNode;
}) {
  return (
    <AdminDialog open={open} onClose={onCancel} labelledBy="confirm-dialog-message" size="narrow">
      <p id="confirm-dialog-message" className="mb-5 text-lg leading-8 font-bold text-stone-900">
        {message}
      </p>
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
