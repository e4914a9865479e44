import { Link } from "react-router";

/** From an inquiry's or a submission's card to its writer's page (nothing for a message stored before clients). */
export function ClientLink({ clientId }: { clientId: number | null }) {
  if (clientId === null) return null;
  return (
    <Link to={`/admin/clients/${clientId}`} className="justify-self-start font-bold text-brand-800 underline underline-offset-4">
      صفحة العميل
    </Link>
  );
}
