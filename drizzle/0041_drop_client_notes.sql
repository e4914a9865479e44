-- clients.notes was never written nor read: a client's notes are timeline entries (client_events, decision 045).
ALTER TABLE "clients" DROP COLUMN "notes";
