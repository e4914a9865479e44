/** An open task as the dashboard lists it (status in Arabic, late already worked out), shared by the page and the loader. */
export type DashboardTask = { id: number; title: string; status: string; createdAt: string; late: boolean };
