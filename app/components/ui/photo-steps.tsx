import { ChevronEndIcon, ChevronStartIcon } from "~/components/ui/icons.tsx";
import { useSwipe } from "~/utils/use-swipe.ts";

/** Steps through `count` photos in a ring (after the last comes the first): buttons, keys and swipe call these. */
export function usePhotoSteps(count: number, index: number, onIndexChange: (index: number) => void) {
  const next = () => onIndexChange((index + 1) % count);
  const previous = () => onIndexChange((index - 1 + count) % count);
  return { next, previous, swipe: useSwipe(next, previous) };
}

/**
 * The previous and next buttons over a photo, at its middle: previous on the reading start side.
 * `start` and `end` place them, `className` is their look.
 */
export function PhotoArrows({
  onPrevious,
  onNext,
  start,
  end,
  className,
  iconClassName,
}: {
  onPrevious: () => void;
  onNext: () => void;
  start: string;
  end: string;
  className: string;
  iconClassName: string;
}) {
  return (
    <>
      <button type="button" onClick={onPrevious} className={`absolute ${start} top-1/2 -translate-y-1/2 ${className}`}>
        <ChevronStartIcon className={iconClassName} />
        <span className="sr-only">الصورة السابقة</span>
      </button>
      <button type="button" onClick={onNext} className={`absolute ${end} top-1/2 -translate-y-1/2 ${className}`}>
        <ChevronEndIcon className={iconClassName} />
        <span className="sr-only">الصورة التالية</span>
      </button>
    </>
  );
}
