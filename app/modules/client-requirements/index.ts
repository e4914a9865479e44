/** The client-requirements module's public entry: what other modules of its tier may use (decision 044). */
export { MatchList } from "./components/match-list.tsx";
export { RequirementForm } from "./components/requirement-form.tsx";
export { RequirementList } from "./components/requirement-list.tsx";
export { MATCH_REASON_LABELS, matchesText, requirementLines, type MatchView, type RequirementChoices, type RequirementView } from "./requirement-view.ts";
