import { useEffect, useRef } from "react";

/**
 * A value a back-office page holds itself and posts as hidden fields (a photo list, units): the
 * form checks it again whenever it changes, as a typed field is checked once it has shown an
 * error, so a fixed error clears at once (photos uploaded clear "a main photo is required").
 * Nothing is checked on the first render. `form` is useAppForm's form.
 */
export function useValidateOnChange(form: { validate: (options: { name: string }) => void }, name: string, value: unknown) {
  const key = JSON.stringify(value);
  const checked = useRef(key);
  useEffect(() => {
    if (key === checked.current) return;
    checked.current = key;
    form.validate({ name });
  }, [key, name, form]);
}
