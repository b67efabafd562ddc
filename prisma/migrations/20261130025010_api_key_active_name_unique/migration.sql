-- Keys created before names were unique may share one: the oldest active key of a name keeps it,
-- and each later one gets its ID appended, so every key keeps working and the index can be built.
UPDATE "api_key" AS k
SET "name" = left(k."name", 200 - length(k."id") - 3) || ' (' || k."id" || ')'
WHERE k."revoked_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "api_key" AS older
    WHERE older."revoked_at" IS NULL AND older."name" = k."name"
      AND (older."created_at", older."id") < (k."created_at", k."id")
  );

-- CreateIndex
CREATE UNIQUE INDEX "api_key_active_name_key" ON "api_key"("name") WHERE (revoked_at IS NULL);
