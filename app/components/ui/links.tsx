import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronEndIcon } from "./icons.tsx";

/** A link that leads on to another page: its text, then the arrow pointing the way of reading. */
export function ArrowLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
      <ChevronEndIcon className="size-5" />
    </Link>
  );
}

/** "Contact us" as an outlined button on a dark background (the home page's hero, the end of the about page); `className` sizes it. */
export function ContactOutlineLink({ className }: { className: string }) {
  return (
    <Link to="/contact" className={`rounded-xl border-2 border-white/70 ${className} font-bold text-white hover:bg-white/10`}>
      تواصل معنا
    </Link>
  );
}
