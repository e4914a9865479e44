/** A form as the browser posts it: a field per name, numbers as typed. */
export function formData(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, String(value));
  return data;
}
