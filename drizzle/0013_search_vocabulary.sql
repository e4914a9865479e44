-- Whether any offer has one of these stems, read from the GIN index (offers_search_all_idx) whatever
-- the planner guesses: for a word no offer has, it would otherwise look for one row by row.
CREATE FUNCTION search_stems_found(stems text[]) RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE
SET enable_seqscan = off
BEGIN ATOMIC
  SELECT EXISTS (SELECT 1 FROM offers WHERE search_all && stems);
END;
--> statement-breakpoint

-- The vocabulary of «هل تقصد …؟»: each word of an offer's title, type, city and neighbourhood as
-- written (tashkeel and tatweel dropped), with its base (folded, without the article), once per offer.
CREATE FUNCTION search_vocabulary_words(title text, property_type text, city text, location text)
RETURNS TABLE (base text, surface text)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT DISTINCT search_base(folded), surface
  FROM (
    SELECT surface, search_fold(surface) AS folded
    FROM regexp_split_to_table(
      regexp_replace(normalize(title || ' ' || property_type || ' ' || city || ' ' || location, NFKC),
        '[\u064B-\u065F\u0670\u0640\u06D6-\u06ED\u200B-\u200F\u061C\uFEFF\u202A-\u202E\u2066-\u2069]', '', 'g'),
      '[^A-Za-z\u0621-\u063A\u0641-\u064A\u0671-\u06D3\u06FA-\u06FF]+') AS surface
  ) AS words
  WHERE folded ~ '^[a-z\u0621-\u064A]+$'
    AND folded NOT IN ('في', 'من', 'الي', 'عن', 'مع', 'او', 'ثم', 'حي', 'ذات', 'ذو', 'التي', 'الذي', 'هذا', 'هذه', 'و', 'ب', 'ل')
    AND length(search_base(folded)) >= 3;
END;
--> statement-breakpoint

-- Keeps search_vocabulary.offers in step with the offers, one statement at a time (a rename of a
-- neighbourhood across many offers is one update): the words of the rows now, minus those of the
-- rows before; applied in key order, so concurrent saves take the rows' locks in the same order.
CREATE FUNCTION search_vocabulary_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bases text[];
  surfaces text[];
  deltas int[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_vocabulary;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(w.base), array_agg(w.surface), array_agg(w.n) INTO bases, surfaces, deltas
    FROM (SELECT v.base, v.surface, count(*)::int AS n FROM new_rows AS r, search_vocabulary_words(r.title, r.property_type, r.city, r.location) AS v GROUP BY 1, 2) AS w;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w.base), array_agg(w.surface), array_agg(w.n) INTO bases, surfaces, deltas
    FROM (SELECT v.base, v.surface, -count(*)::int AS n FROM old_rows AS r, search_vocabulary_words(r.title, r.property_type, r.city, r.location) AS v GROUP BY 1, 2) AS w;
  ELSE
    SELECT array_agg(w.base), array_agg(w.surface), array_agg(w.n) INTO bases, surfaces, deltas
    FROM (
      SELECT v.base, v.surface, sum(r.sign)::int AS n
      FROM new_rows AS n
      JOIN old_rows AS o USING (id)
      CROSS JOIN LATERAL (VALUES (n.title, n.property_type, n.city, n.location, 1), (o.title, o.property_type, o.city, o.location, -1)) AS r (title, property_type, city, location, sign)
      CROSS JOIN LATERAL search_vocabulary_words(r.title, r.property_type, r.city, r.location) AS v
      WHERE (n.title, n.property_type, n.city, n.location) IS DISTINCT FROM (o.title, o.property_type, o.city, o.location)
      GROUP BY 1, 2
      HAVING sum(r.sign) <> 0
    ) AS w;
  END IF;
  IF bases IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_vocabulary AS v (base, surface, offers)
  SELECT d.base, d.surface, d.delta FROM unnest(bases, surfaces, deltas) AS d (base, surface, delta) ORDER BY 1, 2
  ON CONFLICT (base, surface) DO UPDATE SET offers = v.offers + excluded.offers;
  DELETE FROM search_vocabulary AS v
  USING unnest(bases, surfaces, deltas) AS d (base, surface, delta)
  WHERE d.delta < 0 AND v.base = d.base AND v.surface = d.surface AND v.offers <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offers_search_vocabulary_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_sync();
--> statement-breakpoint
CREATE TRIGGER "offers_search_vocabulary_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_sync();
--> statement-breakpoint
CREATE TRIGGER "offers_search_vocabulary_delete" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_sync();
--> statement-breakpoint
CREATE TRIGGER "offers_search_vocabulary_truncate" AFTER TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_sync();
--> statement-breakpoint
INSERT INTO search_vocabulary (base, surface, offers)
SELECT w.base, w.surface, count(*) FROM offers AS o, search_vocabulary_words(o.title, o.property_type, o.city, o.location) AS w GROUP BY 1, 2;
