import { CONFORM_INTENT } from "~/components/forms/conform-intent.ts";
import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useActionData, useFetcher } from "react-router";
import { adminButtonClass, adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass, type FieldMeta } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { useValidateOnChange } from "~/components/forms/use-validate-on-change.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import {
  CONTENT_MESSAGES,
  CONTENT_SECTIONS,
  contentKeyOfName,
  MARQUEE_SEPARATOR,
  RESTORE_INTENT,
  SAVE_ALL_INTENT,
  sectionIntent,
  type ContentField,
  type ContentSection,
  type ContentSectionId,
} from "../content-sections.ts";
import { contentFormSchema } from "../content-schema.ts";
import type { ContentEditorView } from "../content-view.ts";
import { SITE_CONTENT_DEFAULTS } from "../defaults.ts";
import { ContentImages, storedImageItems, type ImageItem } from "./content-images.tsx";
import { ContentVersions } from "./content-versions.tsx";
import { useUnsavedChanges } from "~/components/forms/unsaved-changes.tsx";
import { MarqueeEditor, marqueeItems, type MarqueeItem } from "./marquee-editor.tsx";

/** The page's «استعادة» form: outside the content form, its buttons sit in each section's history. */
const RESTORE_FORM_ID = "content-restore";

type ContentForm = ReturnType<typeof useAppForm<typeof contentFormSchema>>[0];
type ContentFields = ReturnType<typeof useAppForm<typeof contentFormSchema>>[1];

const sectionElementId = (id: string) => `content-${id}`;
const ALL_FIELDS: readonly ContentField[] = CONTENT_SECTIONS.flatMap((section) => section.fields);

/** The first message about a field or anything inside it (one text of the marquee, one image). */
function firstError(allErrors: Record<string, string[]>): string | undefined {
  return Object.values(allErrors).flat()[0];
}

/** A line or paragraph: its stored value, the public default as placeholder, and what an empty field shows. */
function TextField({ field, meta, value }: { field: ContentField; meta: FieldMeta; value: string }) {
  const placeholder = SITE_CONTENT_DEFAULTS[field.key];
  return (
    <Field meta={meta} label={field.label} hint={field.emptyHint}>
      {(props) =>
        field.kind === "paragraph" ? (
          <textarea {...props} defaultValue={value} placeholder={placeholder} maxLength={field.maxLength} rows={field.maxLength > 600 ? 7 : 4} className={inputClass} />
        ) : (
          <input {...props} defaultValue={value} placeholder={placeholder} maxLength={field.maxLength} className={inputClass} />
        )
      }
    </Field>
  );
}

/** A list the page holds itself (the marquee's texts, a field's images), under its legend, with what an empty list shows. */
function ListField({ field, meta, children }: { field: ContentField; meta: FieldMeta; children: (ids: { hintId: string; errorId: string }) => ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-bold text-stone-700">{field.label}</legend>
      {children({ hintId: meta.descriptionId, errorId: meta.errorId })}
      <p id={meta.descriptionId} className="mt-2 text-sm text-stone-600">
        {field.emptyHint}
      </p>
    </fieldset>
  );
}

function MarqueeField({ field, form, fields, stored }: { field: ContentField; form: ContentForm; fields: ContentFields; stored: string }) {
  const [items, setItems] = useState<MarqueeItem[]>(() => marqueeItems(stored ? stored.split(MARQUEE_SEPARATOR) : []));
  const meta = fields[field.key]!;
  const texts = items.map((item) => item.text);
  useValidateOnChange(form, field.key, texts);
  // The list is the page's own (hidden fields): it says itself when it differs from the saved one.
  useUnsavedChanges(texts.join(MARQUEE_SEPARATOR) !== stored);
  return (
    <ListField field={field} meta={meta}>
      {({ hintId, errorId }) => <MarqueeEditor field={field} formId={form.id} items={items} onChange={setItems} errors={meta.allErrors} hintId={hintId} errorId={errorId} />}
    </ListField>
  );
}

function ImagesField({ field, form, fields, editor }: { field: ContentField; form: ContentForm; fields: ContentFields; editor: ContentEditorView }) {
  const [items, setItems] = useState<ImageItem[]>(() => storedImageItems(editor.images[field.key] ?? []));
  const meta = fields[field.key]!;
  const tokens = items.flatMap((item) => (item.state === "stored" ? [item.token] : []));
  useValidateOnChange(form, field.key, tokens);
  const savedTokens = (editor.images[field.key] ?? []).map((image) => image.token);
  useUnsavedChanges(items.map((item) => (item.state === "stored" ? item.token : item.key)).join("\n") !== savedTokens.join("\n"));
  return (
    <ListField field={field} meta={meta}>
      {({ hintId, errorId }) => (
        <>
          <ContentImages field={field} items={items} onChange={setItems} error={firstError(meta.allErrors)} errorId={errorId} hintId={hintId} />
          {tokens.map((token) => (
            <input key={token} type="hidden" name={field.key} value={token} />
          ))}
        </>
      )}
    </ListField>
  );
}

/**
 * One section of the page: its fields, its own save button (with its messages above it), the
 * «معاينة» link to the public page it belongs to, and its saved versions with «استعادة». The page
 * mounts it afresh when the section's newest version changes (a save, a restore), so it shows the
 * values as stored; a section nobody saved keeps what was typed in it.
 */
function SectionCard({
  section,
  editor,
  form,
  fields,
  notices,
  saving,
  restore,
}: {
  section: ContentSection;
  editor: ContentEditorView;
  form: ContentForm;
  fields: ContentFields;
  notices: string[];
  saving: { any: boolean; this: boolean };
  restore: { busy: boolean; errors: string[]; onRestore: () => void; panelOpen: boolean; onPanelToggle: (open: boolean) => void };
}) {
  const titleId = `${sectionElementId(section.id)}-title`;
  const versions = editor.versions[section.id as ContentSectionId];
  const current = Object.fromEntries(section.fields.map((field) => [field.key, editor.values[field.key]]));
  // A panel the browser opened before the page's script ran (React never heard it) is noted once
  // React runs, so the remount after the next save draws it open as the person left it.
  const panel = useRef<HTMLDetailsElement>(null);
  const notePanelOpenedEarly = useEffectEvent(() => {
    if (panel.current?.open && !restore.panelOpen) restore.onPanelToggle(true);
  });
  useEffect(() => notePanelOpenedEarly(), []);
  return (
    <section id={sectionElementId(section.id)} aria-labelledby={titleId} className={`${adminCardClass} grid scroll-mt-20 gap-4`} data-section={section.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold text-brand-900">
          {section.title}
        </h2>
        <a
          href={section.preview}
          target="_blank"
          rel="noopener"
          aria-label={`معاينة: ${section.title} (تفتح في نافذة جديدة)`}
          className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}
        >
          معاينة
        </a>
      </div>

      <div className="grid gap-4">
        {section.fields.map((field) => {
          const meta = fields[field.key]!;
          if (field.kind === "texts") return <MarqueeField key={field.key} field={field} form={form} fields={fields} stored={editor.values[field.key]} />;
          if (field.kind === "image" || field.kind === "gallery") return <ImagesField key={field.key} field={field} form={form} fields={fields} editor={editor} />;
          return <TextField key={field.key} field={field} meta={meta} value={editor.values[field.key]} />;
        })}
      </div>

      <div className="grid gap-3 border-t border-stone-200 pt-4">
        <FormNotice errors={notices} />
        <div>
          <button
            type="submit"
            name="intent"
            value={sectionIntent(section.id as ContentSectionId)}
            className={adminButtonClass}
            disabled={saving.any}
            aria-label={`${saving.this ? "جارٍ الحفظ…" : "حفظ القسم"}: ${section.title}`}
          >
            {saving.this ? "جارٍ الحفظ…" : "حفظ القسم"}
          </button>
        </div>
      </div>

      {/* Open or closed as the person left it, across the remount that follows a save (theirs or a colleague's).
          The summary's press sets the element and the state itself: the browser's toggle event comes a task
          later, and a render in between (a save's answer) put the old state back and lost the press. It turns
          what the person sees, not the state: a press before the page's script ran opened the panel unseen by React. */}
      <details ref={panel} className="border-t border-stone-200 pt-3" open={restore.panelOpen} onToggle={(event) => restore.onPanelToggle(event.currentTarget.open)}>
        <summary
          className="cursor-pointer font-bold text-brand-800"
          onClick={(event) => {
            event.preventDefault();
            const details = event.currentTarget.parentElement as HTMLDetailsElement;
            details.open = !details.open;
            restore.onPanelToggle(details.open);
          }}
        >
          النسخ المحفوظة
        </summary>
        <div className="mt-3 grid gap-3">
          <FormNotice errors={restore.errors} />
          <ContentVersions section={section} versions={versions} current={current} formId={RESTORE_FORM_ID} busy={restore.busy || saving.any} onRestore={restore.onRestore} />
        </div>
      </details>
    </section>
  );
}

/**
 * The site-content editor (SPEC §3 Site content): every key of the site's texts and images,
 * grouped by the section of the public site they belong to, in one form. Each section saves on
 * its own; «حفظ الكل» saves every section at once, all or nothing. Checked as the manager types
 * with the same schema as the server (decision 014); a refused save keeps everything typed, with
 * SPEC's message above the button pressed and each reason under its field.
 */
export function ContentEditor({ editor }: { editor: ContentEditorView }) {
  const fetcher = useFetcher<FormReply>();
  const restorer = useFetcher<FormReply>();
  // A post that did not go through the page's script (sent before it loaded) answers here.
  const posted = useActionData<FormReply>();
  const [form, fields] = useAppForm({ id: "content", schema: contentFormSchema, lastResult: fetcher.data ?? posted });
  const formRef = useRef<HTMLFormElement>(null);
  /** The save pressed last (a section's or all), whose messages show; and a problem with images still uploading or refused. */
  const [pressed, setPressed] = useState<string | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  /** The sections whose «النسخ المحفوظة» panel is open. */
  const [openPanels, setOpenPanels] = useState<ReadonlySet<string>>(new Set());
  function togglePanel(sectionId: string, open: boolean) {
    setOpenPanels((panels) => {
      if (panels.has(sectionId) === open) return panels;
      const next = new Set(panels);
      if (open) next.add(sectionId);
      else next.delete(sectionId);
      return next;
    });
  }

  const saving = fetcher.state !== "idle";
  const sent = fetcher.formData?.get("intent");
  const savingIntent = saving && typeof sent === "string" ? sent : null;

  // A refusal from the server: bring the first field with a message into view.
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.status !== "error") return;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }, [fetcher.state, fetcher.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === CONFORM_INTENT) return form.onSubmit(event);
    const intent = submitter?.value ?? SAVE_ALL_INTENT;
    setPressed(intent);
    const scope = intent === SAVE_ALL_INTENT ? formRef.current : document.getElementById(sectionElementId(intent.slice("section:".length)));
    const problem = scope?.querySelector("[data-upload-state='uploading']")
      ? CONTENT_MESSAGES.imagesUploading
      : scope?.querySelector("[data-upload-state='failed']")
        ? CONTENT_MESSAGES.imagesFailed
        : null;
    setUploadProblem(problem);
    if (problem) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event);
  }

  const erring = new Set(
    Object.entries(form.allErrors)
      .filter(([name, messages]) => name !== "" && messages.length > 0)
      .flatMap(([name]) => contentKeyOfName(name) ?? []),
  );
  /** The messages above a save button: SPEC's failure words for the fields still wrong, the server's own, an upload still under way. */
  function noticesFor(intent: string, scope: readonly ContentField[]): string[] {
    if (pressed !== intent) return [];
    const labels = scope.filter((field) => erring.has(field.key)).map((field) => field.label);
    const notices = new Set<string>();
    if (uploadProblem) notices.add(uploadProblem);
    if (intent === SAVE_ALL_INTENT && (labels.length > 0 || form.errors?.length)) notices.add(CONTENT_MESSAGES.allFailed);
    for (const message of form.errors ?? []) notices.add(message);
    for (const label of intent === SAVE_ALL_INTENT ? labels : labels.slice(0, 1)) notices.add(CONTENT_MESSAGES.fieldFailed(label));
    return [...notices];
  }

  return (
    <>
      <p className="max-w-3xl leading-8 text-stone-700">
        كل نص هنا يظهر في الموقع فور حفظه. الحقل الذي يُترك فارغًا يعرض النص الافتراضي المكتوب فيه باللون الباهت. احفظ كل قسم بزره، أو جميع الأقسام معًا بزر «حفظ الكل».
      </p>
      <nav aria-label="أقسام المحتوى" className="flex flex-wrap gap-2">
        {CONTENT_SECTIONS.map((section) => (
          <a
            key={section.id}
            href={`#${sectionElementId(section.id)}`}
            className="rounded-full bg-white px-3 py-1.5 text-sm font-bold text-brand-800 ring-1 ring-stone-200 hover:bg-brand-50"
          >
            {section.title}
          </a>
        ))}
      </nav>

      <restorer.Form method="post" id={RESTORE_FORM_ID} hidden>
        <input type="hidden" name="intent" value={RESTORE_INTENT} />
      </restorer.Form>

      <fetcher.Form ref={formRef} method="post" id={form.id} onSubmit={submit} noValidate className="grid gap-5" aria-label="محتوى الموقع">
        {/* Enter in a field submits the form's first button: this one, disabled, so Enter saves nothing by surprise. */}
        <button type="submit" disabled hidden aria-hidden tabIndex={-1} />
        {CONTENT_SECTIONS.map((section) => {
          const intent = sectionIntent(section.id);
          return (
            <SectionCard
              key={`${section.id}-${editor.versions[section.id][0]?.id ?? 0}`}
              section={section}
              editor={editor}
              form={form}
              fields={fields}
              notices={noticesFor(intent, section.fields)}
              saving={{ any: saving, this: savingIntent === intent }}
              restore={{
                busy: restorer.state !== "idle",
                errors: restoring === section.id ? formErrorsOf(restorer.data) : [],
                onRestore: () => setRestoring(section.id),
                panelOpen: openPanels.has(section.id),
                onPanelToggle: (open) => togglePanel(section.id, open),
              }}
            />
          );
        })}

        <div className="sticky bottom-0 z-10 -mx-4 grid gap-3 border-t border-stone-200 bg-stone-100/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-0">
          <FormNotice id={form.errorId} errors={noticesFor(SAVE_ALL_INTENT, ALL_FIELDS)} />
          <div>
            <button type="submit" name="intent" value={SAVE_ALL_INTENT} className={adminButtonClass} disabled={saving}>
              {savingIntent === SAVE_ALL_INTENT ? "جارٍ الحفظ…" : "حفظ الكل"}
            </button>
          </div>
        </div>
      </fetcher.Form>
    </>
  );
}
