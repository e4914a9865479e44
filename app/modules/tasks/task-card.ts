import type { TransactionType } from "~/modules/tasks/transaction-type.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import type { TaskStatus } from "./status.ts";

/** An open task as the dashboard lists it (status in Arabic, late already worked out), shared by the page and the loader. */
export type DashboardTask = { id: number; title: string; status: string; createdAt: string; late: boolean };

/** A person a task names (assignee, creator), as the board shows them. */
export type TaskPerson = { id: number; name: string };

/** A task as the board and its page show it, with what the viewer may do to it. */
export interface TaskCard {
  id: number;
  title: string;
  description: string;
  status: TaskStatus;
  assignee: TaskPerson | null;
  creator: TaskPerson | null;
  /** The inquiry it was created from; `name` is the customer's. */
  inquiry: { id: number; name: string } | null;
  offer: { id: number; title: string } | null;
  amount: number | null;
  transactionType: TransactionType | null;
  receipt: ImageRef | null;
  /** The manager's approval notes or rejection reason. */
  notes: string;
  /** yyyy-mm-dd, or null. */
  dueDate: string | null;
  createdAt: string;
  updatedAt: string;
  late: boolean;
  /** The statuses the viewer may pick from the menu now (empty: no menu). */
  statusChoices: TaskStatus[];
  /** The viewer is a manager and the task awaits approval. */
  canDecide: boolean;
}

/**
 * A task as a card of the board shows it (the rest is on the task's page): only what the card
 * reads, since the page carries 32 of them; what the viewer may do to it the page works out with
 * `statusChoices` (status.ts), as the server does again on every move.
 */
export interface BoardCard {
  id: number;
  title: string;
  status: TaskStatus;
  assigneeName: string | null;
  amount: number | null;
  transactionType: TransactionType | null;
  /** yyyy-mm-dd, or null. */
  dueDate: string | null;
  createdAt: string;
  late: boolean;
}

/** A column of the board: a status, how many tasks (under the filters) it holds, and its newest cards. */
export interface BoardColumn {
  status: TaskStatus;
  count: number;
  cards: BoardCard[];
}

/** The board's filters as read from the address; `open` = neither Completed nor Cancelled (the dashboards' count); `late` = open and older than 24 hours. */
export interface TaskFilters {
  status?: TaskStatus;
  assignee?: number;
  open?: boolean;
  late?: boolean;
  q?: string;
  page: number;
}
