-- Goals' quarter (decision 056): old free text becomes the workspace's quarter id 'YYYY-Qn' where
-- it reads as one ('2027 Q2', '2027q2', 'Q2 2027', 'q2-2027', 'Q2/2027'); blank text becomes null;
-- anything else stays as typed: shown as it is, and replaced once someone picks a quarter.
UPDATE "tasks" SET "quarter_id" = NULL WHERE btrim("quarter_id") = '';
--> statement-breakpoint
UPDATE "tasks"
SET "quarter_id" = regexp_replace(btrim("quarter_id"), '^((19|2[0-9])[0-9]{2})\s*[-/ ]?\s*[Qq]\s*([1-4])$', '\1-Q\3')
WHERE btrim("quarter_id") ~ '^((19|2[0-9])[0-9]{2})\s*[-/ ]?\s*[Qq]\s*([1-4])$';
--> statement-breakpoint
UPDATE "tasks"
SET "quarter_id" = regexp_replace(btrim("quarter_id"), '^[Qq]\s*([1-4])\s*[-/ ]?\s*((19|2[0-9])[0-9]{2})$', '\2-Q\1')
WHERE btrim("quarter_id") ~ '^[Qq]\s*([1-4])\s*[-/ ]?\s*((19|2[0-9])[0-9]{2})$';
