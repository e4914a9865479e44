/** A message for the next page (a save, a deletion): shown once, then forgotten. */
export type Toast = { tone: "success" | "error"; text: string };
