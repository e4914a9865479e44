/**
 * The back office's one mark of a required field (decision 029): a red «*» after the label,
 * not read out (the field's message says what is missing). Used in forms that also have optional
 * fields, which say «(اختياري)»; a form whose every field is required marks none.
 */
export function Required({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="ms-1 text-red-700">
        *
      </span>
    </>
  );
}
