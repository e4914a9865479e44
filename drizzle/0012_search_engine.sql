-- The keyword search's text processing (decision 002), mirrored in app/modules/search/normalize.ts
-- (foldSearch, searchTerms); normalize.server.test.ts keeps both identical. A change to either is a
-- new migration that replaces these functions AND recomputes the stored columns built from them
-- (UPDATE offers SET title = title): stored generated values are not recomputed by CREATE OR REPLACE.
-- SQL-standard bodies (RETURN …): the functions they call are bound when created, so index builds,
-- ANALYZE and a restore (which run with an empty search_path) find them.

-- The searchable form of a text (foldSearch): NFKC; tanween al-fath with its alef ('مسبحًا'), tashkeel,
-- tatweel, Quranic marks, the lone hamza
-- and invisible marks removed; A-Z, hamza seats, ta marbuta, alef maqsura, Persian/Urdu yeh, keheh,
-- heh and veh/peh/tcheh folded; Arabic-Indic and Persian digits to 0-9; thousands separators between
-- digits dropped; anything else a space; digits and letters apart.
CREATE FUNCTION search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(
  regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    translate(
      regexp_replace(regexp_replace(normalize(input, NFKC), '\u064B\u0627|\u0627\u064B', '', 'g'),
        -- tashkeel, superscript alef, tatweel, Quranic marks, hamza, invisible and direction marks
        '[\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065A\u065B\u065C\u065D\u065E\u065F\u0670\u0640\u06D6\u06D7\u06D8\u06D9\u06DA\u06DB\u06DC\u06DD\u06DE\u06DF\u06E0\u06E1\u06E2\u06E3\u06E4\u06E5\u06E6\u06E7\u06E8\u06E9\u06EA\u06EB\u06EC\u06ED\u0621\u200B\u200C\u200D\u200E\u200F\u061C\uFEFF\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069]', '', 'g'),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZأإآٱةىؤئیےکڪگەہھۀۃڤپچ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
      'abcdefghijklmnopqrstuvwxyzااااهيويييكككهههههفبج01234567890123456789'),
    '([0-9])[,٬]([0-9])', '\1\2', 'g'),
    '[^a-z0-9\u0621-\u063A\u0641-\u064A]+', ' ', 'g'),
    '([0-9])([^0-9 ])', '\1 \2', 'g'),
    '([^0-9 ])([0-9])', '\1 \2', 'g'));
--> statement-breakpoint

-- The index terms of a text (searchTerms): stop words dropped; a word starting with و, ب or ل and no
-- article also gives the rest; the article (and the prepositions on it) dropped; each word through the
-- dictionary of broken plurals and colloquial spellings, else its suffixes stripped (ات; تين/تان; ين/ان;
-- ه). Distinct, in code-point order.
CREATE FUNCTION search_terms(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN array(
  SELECT DISTINCT coalesce(
    '{"شقق":"شق","فلل":"فيلا","فيلل":"فيلا","فله":"فيلا","فيله":"فيلا","فيلات":"فيلا","فلات":"فيلا","فلتين":"فيلا","فيلتين":"فيلا","فلتان":"فيلا","فيلتان":"فيلا","اراضي":"ارض","اراض":"ارض","عماير":"عمار","استديو":"استوديو","ستوديو":"استوديو","ستديو":"استوديو","استيديو":"استوديو","استوديوهات":"استوديو","استديوهات":"استوديو","ستوديوهات":"استوديو","دبلكس":"دوبلكس","دوبليكس":"دوبلكس","دبلوكس":"دوبلكس","دوبلكسات":"دوبلكس","دبلكسات":"دوبلكس","بينتهاوس":"بنتهاوس","مكاتب":"مكتب","بيوت":"بيت","بيتين":"بيت","منازل":"منزل","مزارع":"مزرع","قصور":"قصر","ابراج":"برج","معارض":"معرض","مخازن":"مخزن","ادوار":"دور","مساكن":"مسكن","شوارع":"شارع","مجالس":"مجلس","حدايق":"حديق","مسابح":"مسبح","مداخل":"مدخل","مطابخ":"مطبخ","مواقف":"موقف","مراكز":"مركز","اسواق":"سوق","مباني":"مبني","اجار":"ايجار","تاجير":"ايجار"}'::jsonb ->> w,
    CASE WHEN right(w, 1) IN ('ت', 'ن', 'ه') THEN
      regexp_replace(regexp_replace(regexp_replace(regexp_replace(w,
        '^(\S{3,})ات$', '\1'), '^(\S{2,})ت(ين|ان)$', '\1'), '^(\S{3,})(ين|ان)$', '\1'), '^(\S{2,})ه$', '\1')
    ELSE w END) COLLATE "C" AS t
  FROM unnest(string_to_array(
    regexp_replace(regexp_replace(regexp_replace(' ' || search_fold(input) || ' ',
      ' (في|من|الي|عن|مع|او|ثم|حي|ذات|ذو|التي|الذي|هذا|هذه|و|ب|ل)(?= )', '', 'g'),
      ' ([وبل])(?!ال|ل)(\S{3,})(?= )', ' \1\2 \2', 'g'),
      ' (وبال|وكال|فبال|فكال|ولل|فلل|وال|فال|بال|كال|لل|ال)(?=\S\S)', ' ', 'g'),
    ' ')) AS w
  WHERE w <> ''
  ORDER BY t);
--> statement-breakpoint

-- Everything an offer can be found by: title, description, type, city, neighbourhood and its units'
-- types; the words of the two filterable statuses ('بيع', 'ايجار') only from its status.
CREATE FUNCTION search_document(title text, description text, property_type text, status text, city text, location text, units jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN array(
  SELECT t FROM unnest(search_terms(title || ' ' || description || ' ' || property_type || ' ' || city || ' ' || location || ' ' || jsonb_path_query_array(units, '$[*].type')::text)) AS t
  WHERE t NOT IN ('بيع', 'ايجار')
  UNION
  SELECT unnest(search_terms(status))
  ORDER BY 1);
--> statement-breakpoint

-- A stem as a 64-bit number (the first 16 hex digits of its md5): what the covering walks compare,
-- an integer being much cheaper to compare than a text (searchHashes in search.server.ts).
CREATE FUNCTION search_hashes(stems text[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN array(SELECT ('x' || left(md5(t), 16))::bit(64)::bigint FROM unnest(stems) AS t);
--> statement-breakpoint

-- What ranks an offer: its title's stems and its status's (unmarked), and its city's and
-- neighbourhood's marked with '@', as numbers (search_hashes).
CREATE FUNCTION search_head(title text, status text, city text, location text) RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN search_hashes(array(
  SELECT t FROM unnest(search_terms(title)) AS t WHERE t NOT IN ('بيع', 'ايجار')
  UNION
  SELECT unnest(search_terms(status))
  UNION
  SELECT '@' || unnest(search_terms(city || ' ' || location))));
--> statement-breakpoint

-- A folded word without its article (withoutArticle): how the vocabulary of «هل تقصد» keys words.
CREATE FUNCTION search_base(word text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(regexp_replace(' ' || word || ' ', ' (وبال|وكال|فبال|فكال|ولل|فلل|وال|فال|بال|كال|لل|ال)(?=\S\S)', ' ', 'g'));
--> statement-breakpoint

CREATE TABLE "search_vocabulary" (
	"base" text NOT NULL,
	"surface" text NOT NULL,
	"offers" integer NOT NULL,
	CONSTRAINT "search_vocabulary_base_surface_pk" PRIMARY KEY("base","surface")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_all" text[] GENERATED ALWAYS AS (search_document(title, description, property_type, status, city, location, units)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_head" bigint[] GENERATED ALWAYS AS (search_head(title, status, city, location)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_search_all_idx" ON "offers" USING gin ("search_all");--> statement-breakpoint
CREATE INDEX "offers_search_head_idx" ON "offers" USING gin ("search_head");
