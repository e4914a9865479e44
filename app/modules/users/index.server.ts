/** The users module's public entry for server code: what other modules of its tier may use (decision 044). */
export {
  PROFILE_COLUMNS,
  StaffInputError,
  createStaffUser,
  findActiveStaffByPhone,
  getStaffPasswordHash,
  setStaffPasswordHash,
  updateStaffEmail,
  type NewStaff,
  type StaffUser,
} from "./users.server.ts";
