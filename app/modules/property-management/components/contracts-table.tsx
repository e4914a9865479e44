import type { ReactNode } from "react";
import { Link } from "react-router";
import { commissionText, contractState, periodText, servicesText, type ContractView } from "../pm-view.ts";

/** A property's or an owner's management contracts, newest first, each with where it stands today. */
export function ContractsTable({
  contracts,
  today,
  showProperty = false,
  actions,
}: {
  contracts: Array<ContractView & { id: number; propertyId: number; propertyName: string }>;
  today: string;
  showProperty?: boolean;
  /** What may be done to a contract (its edit forms), under it. */
  actions?: (contract: ContractView & { id: number }) => ReactNode;
}) {
  if (!contracts.length) return <p className="text-stone-600">لا توجد عقود إدارة بعد.</p>;
  return (
    <ul className="grid gap-2" data-testid="contracts">
      {contracts.map((contract) => {
        const state = contractState(contract, today);
        return (
          <li key={contract.id} className="grid gap-1 rounded-xl p-3 ring-1 ring-stone-200">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2 py-0.5 text-sm font-bold ${state.tone}`}>{state.label}</span>
              {showProperty ? (
                <Link to={`/admin/properties/${contract.propertyId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
                  <bdi>{contract.propertyName}</bdi>
                </Link>
              ) : null}
            </div>
            <p className="text-sm text-stone-700">{periodText(contract)}</p>
            <p className="text-sm text-stone-700">
              العمولة: {commissionText(contract)} · الخدمات: {servicesText(contract.services)}
            </p>
            {actions?.(contract)}
          </li>
        );
      })}
    </ul>
  );
}
