/** Whether `value` is one of the names in `list` (a list `as const`): the guard of their union type. */
export function isOneOf<Name extends string>(list: readonly Name[], value: unknown): value is Name {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}
