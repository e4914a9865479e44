import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";

type MarkDirty = (key: string, dirty: boolean) => void;

const UnsavedChangesContext = createContext<MarkDirty | null>(null);

export const UNSAVED_CHANGES_TEXTS = {
  question: "في الصفحة تغييرات لم تُحفظ. هل تغادرها دون حفظ؟",
  leave: "المغادرة دون حفظ",
  stay: "البقاء في الصفحة",
} as const;

/**
 * The back office's one guard for work not yet saved: every form says whether it differs from what
 * was saved (`useUnsavedChanges`), and while one does, leaving the page asks first — a link or
 * «رجوع» inside the app (React Router's one blocker, so the question is ours, in Arabic) and
 * closing or reloading the tab (`beforeunload`, the browser's own question). A form sent is not a
 * leave: its save or refusal decides. Saving, or undoing every change, ends the question.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const markDirty = useCallback<MarkDirty>(
    (key, dirty) =>
      setDirtyForms((forms) => {
        if (forms.has(key) === dirty) return forms;
        const next = new Set(forms);
        if (dirty) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const dirty = dirtyForms.size > 0;

  // A form's own submission navigates too (a post, a filter's GET): it is sent, not abandoned.
  const submitting = useRef(false);
  useEffect(() => {
    const noteSubmit = () => {
      submitting.current = true;
      setTimeout(() => (submitting.current = false), 0);
    };
    document.addEventListener("submit", noteSubmit, true);
    return () => document.removeEventListener("submit", noteSubmit, true);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !submitting.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set (the text itself is the browser's, not ours).
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  // Saved or undone while the question was open: nothing is left to lose.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <UnsavedChangesContext value={markDirty}>
      {children}
      {blocker.state === "blocked" ? (
        <ConfirmDialog
          open
          message={UNSAVED_CHANGES_TEXTS.question}
          confirmLabel={UNSAVED_CHANGES_TEXTS.leave}
          cancelLabel={UNSAVED_CHANGES_TEXTS.stay}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      ) : null}
    </UnsavedChangesContext>
  );
}

/** Tells the page's guard whether this form holds changes not yet saved (forgotten when the form goes). */
export function useUnsavedChanges(dirty: boolean) {
  const markDirty = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => {
    markDirty?.(key, dirty);
  }, [markDirty, key, dirty]);
  useEffect(() => () => markDirty?.(key, false), [markDirty, key]);
}
