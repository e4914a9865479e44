/** What a generated demo photo shows. Demo data only: there are no stock photos offline. */
export type SceneKind =
  "villa" | "tower" | "apartment-building" | "land" | "commercial-building" | "shop" | "warehouse" | "living-room" | "kitchen" | "bedroom" | "majlis" | "pool";

export type TimeOfDay = "morning" | "noon" | "sunset" | "night";

export interface SceneSpec {
  kind: SceneKind;
  time: TimeOfDay;
  /** Varies colours, proportions and details so two scenes of one kind differ. */
  seed: number;
}
