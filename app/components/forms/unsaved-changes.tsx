import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { CONFORM_INTENT } from "./conform-intent.ts";

type MarkDirty = (key: string, dirty: boolean) => void;

const UnsavedChangesContext = createContext<MarkDirty | null>(null);

const UNSAVED_CHANGES_TEXTS = {
  question: "في الصفحة تغييرات لم تُحفظ. هل تغادرها دون حفظ؟",
  leave: "المغادرة دون حفظ",
  stay: "البقاء في الصفحة",
} as const;

/**
 * Goes on or stays, unless the router has moved on already: the question answered a moment ago (a
 * second press, or «البقاء» reaching the router while a live refresh still draws the question open)
 * makes React Router throw, and the page showed «حدث خطأ» instead of itself.
 */
function answerBlocker(answer: (() => void) | undefined) {
  try {
    answer?.();
  } catch {
    // Answered already: nothing to do.
  }
}

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
    const noteSubmit = (event: SubmitEvent) => {
      // Conform checks a field by a submit of its own hidden button (on leaving the field): not a send.
      if ((event.submitter as HTMLButtonElement | null)?.name === CONFORM_INTENT) return;
      submitting.current = true;
      setTimeout(() => (submitting.current = false), 0);
    };
    document.addEventListener("submit", noteSubmit, true);
    return () => document.removeEventListener("submit", noteSubmit, true);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !submitting.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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
    if (blocker.state === "blocked" && !dirty) answerBlocker(blocker.proceed);
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
          onConfirm={() => answerBlocker(blocker.proceed)}
          onCancel={() => answerBlocker(blocker.reset)}
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

/**
 * Whether a control differs from the value it was given: the browser keeps both (a text's
 * `defaultValue`, a box's `defaultChecked`, an option's `defaultSelected`, which React sets from
 * the `defaultValue` props and Conform's reset sets anew). Hidden fields, buttons and controls
 * marked `data-unsaved="own"` (a controlled value whose component reports its own change) do not count.
 */
function controlChanged(element: Element): boolean {
  if (element instanceof HTMLElement && element.dataset.unsaved === "own") return false;
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    if (element.type === "file") return Boolean(element.files?.length);
    if (["hidden", "submit", "button", "reset", "image"].includes(element.type)) return false;
    return element.value !== element.defaultValue;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement) {
    const options = [...element.options];
    if (element.multiple || options.some((option) => option.defaultSelected)) return options.some((option) => option.selected !== option.defaultSelected);
    // No option marked: the browser shows the first one.
    return element.selectedIndex > 0;
  }
  return false;
}

/** Whether any control of the form differs from the value it was given. */
function formHasChanges(form: HTMLFormElement): boolean {
  return [...form.elements].some(controlChanged);
}

/**
 * Whether the form `formId` holds changes not yet saved, checked as the person types or picks,
 * and again when its fields change under it (Conform's reset marks each field it sets, a field
 * added or removed).
 */
export function useFormChanges(formId: string): boolean {
  // The answer and the element it is about: none once the form has left the page.
  const [answer, setAnswer] = useState<{ form: HTMLFormElement; changed: boolean } | null>(null);
  // The form may come and go while its hook stays (an editor opened in place): after each render
  // the listeners follow the element that is there now.
  const attached = useRef<{ form: HTMLFormElement; detach: () => void } | null>(null);
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    if (attached.current?.form === form) return;
    attached.current?.detach();
    attached.current = null;
    if (!form) return;
    // Set only on a difference: a render that commits the same fields again (React rewrites their
    // attributes) must not render once more, or the observer below and React feed each other.
    let last: boolean | undefined;
    const checkNow = () => {
      const now = formHasChanges(form);
      if (now === last) return;
      last = now;
      setAnswer({ form, changed: now });
    };
    // Checked in a task of its own, never inside the event: these listeners run before React's (on the
    // document), and a render flushed between them (the browser runs microtasks after each listener)
    // would write a controlled field's old value back over what was just typed before its onChange saw it.
    // A native reset also sets the fields only after its event.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(pending);
      pending = setTimeout(checkNow);
    };
    checkNow();
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    form.addEventListener("reset", check);
    const observer = new MutationObserver(check);
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-conform"] });
    attached.current = {
      form,
      detach: () => {
        form.removeEventListener("input", check);
        form.removeEventListener("change", check);
        form.removeEventListener("reset", check);
        observer.disconnect();
        clearTimeout(pending);
      },
    };
  });
  useEffect(
    () => () => {
      attached.current?.detach();
      attached.current = null;
    },
    [],
  );
  return Boolean(answer?.changed && answer.form.isConnected);
}
