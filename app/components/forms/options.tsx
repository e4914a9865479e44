/** The choices of a select: each value, shown as its label in `labels` or as itself. */
export function Options<Value extends string>({ values, labels }: { values: readonly Value[]; labels?: Readonly<Record<Value, string>> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels?.[value] ?? value}
    </option>
  ));
}
