// Where the visitor's lists live on the device, and the event a change of them sends in this tab:
// shared by the store and by the layout's small parts that must not load the store (decision 004).
// lists-boot.ts writes them out itself: its source is sent as it is and may refer to nothing.

export const FAVOURITES_KEY = "favourites";
export const COMPARE_KEY = "compareOffers";
/** The event a change of the lists sends in this tab (lists-boot.ts listens to it too). */
export const LISTS_EVENT = "visitor-lists";
