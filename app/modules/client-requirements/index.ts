/** The client-requirements module's public entry: what other modules of its tier may use (decision 044). */
export { MatchList } from "./components/match-list.tsx";
export { RequirementForm } from "./components/requirement-form.tsx";
export { RequirementList } from "./components/requirement-list.tsx";
export { matchesText } from "./requirement-view.ts";
