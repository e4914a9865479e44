import { HomeIcon } from "~/components/ui/icons.tsx";
import { Picture } from "~/components/ui/picture.tsx";
import type { ImageRef } from "~/utils/image-ref.ts";

/** An offer's main photo filling its box, or the house icon where it has none (a card, the map's list, /compare). */
export function OfferPhoto({
  image,
  alt,
  sizes,
  iconClassName,
  className = "size-full object-cover",
  widest,
  priority,
}: {
  image: ImageRef | null;
  alt: string;
  sizes: string;
  iconClassName: string;
  className?: string;
  widest?: number;
  priority?: boolean;
}) {
  if (image) return <Picture image={image} alt={alt} sizes={sizes} className={className} widest={widest} priority={priority} />;
  return (
    <div className="flex size-full items-center justify-center text-stone-500">
      <HomeIcon className={iconClassName} />
    </div>
  );
}
