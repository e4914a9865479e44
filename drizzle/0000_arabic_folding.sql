-- Arabic-aware keyword search: fold the letter variants people type interchangeably
-- (alef with hamza/madda/wasla -> alef, ta marbuta -> ha, alef maqsura -> ya,
-- hamza on waw/ya -> waw/ya, Arabic-Indic digits -> ASCII), drop diacritics and tatweel, lowercase.
-- Mirrored by foldArabic() in app/utils/arabic.ts; a test keeps the two in step.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ar_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(
    regexp_replace(input, '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱةىؤئ٠١٢٣٤٥٦٧٨٩',
    'ااااهيوي0123456789'
  ))
$$;
