/** Where the scheduling form's pickers ask (GET `?q=`): routes/admin/viewing-offers.ts and viewing-clients.ts. */
export const VIEWING_PICKER_URLS = { offers: "/admin/viewings/offers", clients: "/admin/viewings/clients" } as const;
