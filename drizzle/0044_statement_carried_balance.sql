-- An owner's negative net (expenses and commission past the rent collected) is owed to the firm: it is
-- carried into the owner's next statement, which recovers it from that month's rent (decision 055).
ALTER TABLE "owner_statements" ADD COLUMN "carried_halalas" bigint DEFAULT 0 NOT NULL;
