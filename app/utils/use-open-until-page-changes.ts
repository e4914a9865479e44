import { useState } from "react";

/**
 * The open state of a menu that closes when the page changes (`page`: the location, or the part of it
 * that counts), however the page changed: a link in the menu, another link, the browser's back
 * button. The state is adjusted while rendering, not in an effect, so the new page never paints with
 * the menu still open (react.dev, "You might not need an effect": adjusting state when a prop changes).
 */
export function useOpenUntilPageChanges(page: string) {
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(page);
  if (openOn !== page) {
    setOpenOn(page);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
