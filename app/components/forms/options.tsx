/**
 * The choices of a select: each value, shown as its label in `labels` or as itself. An option shown
 * as its own value leaves out the `value` attribute (the browser and React read its text then): a
 * list of forty cities names each once, not twice.
 */
export function Options<Value extends string>({ values, labels }: { values: readonly Value[]; labels?: Readonly<Record<Value, string>> }) {
  return values.map((value) => {
    const label = labels?.[value] ?? value;
    // An option's text stands for its value with its spaces collapsed: only a value that reads the same may go without it.
    const plain = label === value && value === value.trim().replace(/\s+/g, " ");
    return (
      <option key={value} value={plain ? undefined : value}>
        {label}
      </option>
    );
  });
}
