import { useRef } from "react";

/** A swipe counts past 50 px (cards, gallery, lightbox). */
const SWIPE_THRESHOLD_PX = 50;

/**
 * Touch handlers that call onNext/onPrevious for a horizontal swipe. Right to left reading:
 * dragging the content toward the reading end (a finger moving right) brings the next item.
 */
export function useSwipe(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: React.TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: React.TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx > 0) onNext();
      else onPrevious();
    },
  };
}
